import type { PublicGroup, PublicOption, PublicService } from '@retouch/shared/catalog';

/** A public option of the catalogue. */
function anOption(id: string, title: string, cost = 2, executionTime = 5): PublicOption {
  return {
    _id: id,
    title: { admin: title, user: title },
    description: { admin: `Что делает ${title}`, user: `What ${title} does` },
    instruction: `Do ${title}`,
    cost,
    executionTime,
    status: true,
    picture: `/api/files/catalog/${id}.webp`,
    pictureThumb: `/api/files/catalog/${id}-thumb.webp`,
    pictureBefore: `/api/files/catalog/${id}-before.webp`,
    pictureAfter: `/api/files/catalog/${id}-after.webp`,
  };
}

/** A public service of the catalogue: single-use, no degrees, no options unless told. */
export function aService(
  id: string,
  title: string,
  overrides: Partial<Omit<PublicService, '_id' | 'title'>> = {},
): PublicService {
  return {
    ...anOption(id, title, 5, 15),
    embedInCanvas: false,
    allowMessage: false,
    allowAdditionalImage: false,
    multi: false,
    multiDegree: false,
    degreeAction: [],
    optional: [],
    ...overrides,
  };
}

export const degrees = [
  { _id: 'd-light', title: { user: 'Light' }, default: false },
  { _id: 'd-medium', title: { user: 'Medium' }, default: true },
  { _id: 'd-strong', title: { user: 'Strong' }, default: false },
];

export const skin = aService('s-skin', 'Skin retouch', {
  cost: 5,
  executionTime: 15,
  degreeAction: degrees,
  allowMessage: true,
});
export const eyes = aService('s-eyes', 'Eyes', {
  cost: 3,
  executionTime: 10,
  degreeAction: degrees,
  optional: [
    anOption('o-whiten', 'Whiten the whites', 2, 5),
    anOption('o-colour', 'Eye colour change', 3, 5),
  ],
});
export const teeth = aService('s-teeth', 'Teeth whitening', { cost: 2, executionTime: 5 });
export const faceSwap = aService('s-swap', 'Face swap', {
  cost: 15,
  executionTime: 30,
  allowAdditionalImage: true,
  allowMessage: true,
});
export const shaping = aService('s-shape', 'Body shaping', {
  cost: 10,
  executionTime: 30,
  degreeAction: degrees,
  multiDegree: true,
});
export const tattoo = aService('s-tattoo', 'Tattoo removal', { cost: 6, executionTime: 20, multi: true });
export const objectRemoval = aService('s-object', 'Object removal', {
  cost: 4,
  executionTime: 15,
  multi: true,
  embedInCanvas: true,
});
export const sticker = aService('s-sticker', 'Sticker', { cost: 1, executionTime: 1, embedInCanvas: true });

export const faceGroup: PublicGroup = {
  _id: 'g-face',
  title: { admin: 'Лицо', user: 'Face' },
  status: true,
  list: [skin, eyes, teeth, faceSwap],
};
export const bodyGroup: PublicGroup = {
  _id: 'g-body',
  title: { admin: 'Тело', user: 'Body' },
  status: true,
  list: [shaping, tattoo, objectRemoval],
};
