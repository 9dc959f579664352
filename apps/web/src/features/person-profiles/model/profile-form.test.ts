import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import type { PersonProfile } from '@retouch/shared/person-profiles';
import { describe, expect, it } from 'vitest';
import { profileServices, toFormValues, toProfileInput } from './profile-form';

const service = (id: string, overrides: Partial<PublicService> = {}): PublicService => ({
  _id: id,
  title: { admin: id, user: id },
  description: { admin: '', user: '' },
  instruction: '',
  cost: 1,
  executionTime: 1,
  status: true,
  picture: '',
  pictureThumb: '',
  pictureBefore: '',
  pictureAfter: '',
  embedInCanvas: false,
  allowMessage: false,
  allowAdditionalImage: false,
  multi: false,
  multiDegree: false,
  degreeAction: [],
  optional: [],
  ...overrides,
});

const eyes = service('eyes', {
  degreeAction: [{ _id: 'light', title: { user: 'Light' }, default: true }],
  optional: [{ ...service('whiten'), title: { admin: 'Отбелить', user: 'Whiten' } }],
});
const shaping = service('shaping', {
  multiDegree: true,
  degreeAction: [
    { _id: 'light', title: { user: 'Light' }, default: true },
    { _id: 'strong', title: { user: 'Strong' }, default: false },
  ],
});
const sticker = service('sticker', { embedInCanvas: true });
const groups = [
  { _id: 'g', title: { admin: 'Лицо', user: 'Face' }, status: true, list: [eyes, shaping, sticker] },
] as PublicGroup[];

const profile: PersonProfile = {
  _id: 'p',
  name: 'Anna',
  notes: 'Soft',
  checklist: ['Freckles'],
  services: [
    { id: 'eyes', isOptional: false, degreeAction: ['light'] },
    { id: 'whiten', isOptional: true, degreeAction: [] },
    { id: 'shaping', isOptional: false, degreeAction: ['light', 'strong'] },
  ],
  updatedAt: '2026-11-27T10:00:00.000Z',
};

describe('the profile form', () => {
  it('offers the services a tap can give (no embed-type service)', () => {
    expect(profileServices(groups).map((s) => s._id)).toEqual(['eyes', 'shaping']);
  });

  it('shows a saved profile and gives back the same profile, options after their service', () => {
    const values = toFormValues(profile, profileServices(groups));
    expect(values).toEqual({
      name: 'Anna',
      notes: 'Soft',
      checklist: ['Freckles'],
      serviceIds: ['eyes', 'shaping'],
      degrees: { eyes: 'light', shaping: ['light', 'strong'] },
      options: { eyes: 'whiten' },
    });
    const { _id, updatedAt: _updatedAt, ...input } = profile;
    expect(toProfileInput(values)).toEqual(input);
  });

  it('leaves out blank checklist lines', () => {
    const values = { ...toFormValues(null, []), name: 'Ben', checklist: ['  ', 'Keep the scar'] };
    expect(toProfileInput(values)).toEqual({
      name: 'Ben',
      notes: '',
      checklist: ['Keep the scar'],
      services: [],
    });
  });
});
