import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { CATALOG_THUMBNAIL_SIDE } from '@retouch/shared/catalog';
import type { Transaction } from './db/client';
import {
  degrees,
  refusalReasons,
  serviceDegrees,
  serviceGroups,
  serviceOptions,
  services,
} from './db/schema/index';
import { publicFilePath, type Storage } from './storage/storage';

interface DemoOffer {
  title: [string, string];
  description: [string, string];
  instruction: string;
  cost: number;
  designerPrice: number;
  executionTime: number;
}

interface DemoService extends DemoOffer {
  flags?: Partial<
    Record<'embedInCanvas' | 'allowMessage' | 'allowAdditionalImage' | 'multi' | 'multiDegree', boolean>
  >;
  degrees?: boolean;
  options?: DemoOffer[];
}

const offer = (
  title: [string, string],
  description: [string, string],
  instruction: string,
  [cost, designerPrice, executionTime]: [number, number, number],
): DemoOffer => ({ title, description, instruction, cost, designerPrice, executionTime });

const DEMO_DEGREES: Array<[string, string]> = [
  ['Слегка', 'Light'],
  ['Умеренно', 'Medium'],
  ['Сильно', 'Strong'],
];
const DEFAULT_DEGREE_INDEX = 1;

const DEMO_REASONS: Array<[string, string]> = [
  ['Фото слишком низкого качества', 'The photo quality is too low for this retouch'],
  ['Лица на фото не видно', 'The face is not visible on the photo'],
  ['Запрос невозможно выполнить на этом фото', 'The request cannot be done on this photo'],
  ['Недопустимое содержание фото', 'The photo content is not allowed'],
];

const DEMO_CATALOG: Array<{ title: [string, string]; services: DemoService[] }> = [
  {
    title: ['Лицо', 'Face'],
    services: [
      {
        ...offer(
          ['Ретушь кожи', 'Skin retouch'],
          [
            'Убираем прыщи, пятна и неровный тон, сохраняя текстуру кожи',
            'Blemishes, spots and uneven tone removed while the skin keeps its texture',
          ],
          'Частотное разложение, текстуру кожи не размывать',
          [5, 2, 15],
        ),
        flags: { allowMessage: true },
        degrees: true,
      },
      {
        ...offer(
          ['Глаза', 'Eyes'],
          ['Яркий и чистый взгляд', 'A bright, clear look'],
          'Без изменения формы глаз',
          [3, 1, 10],
        ),
        degrees: true,
        options: [
          offer(
            ['Отбеливание белков', 'Whiten the whites'],
            ['Убираем покраснение белков', 'Redness removed from the whites'],
            'Естественный белый, не голубой',
            [2, 1, 5],
          ),
          offer(
            ['Смена цвета глаз', 'Eye colour change'],
            ['Новый цвет радужки', 'A new iris colour'],
            'Цвет указан в комментарии клиента',
            [3, 1, 5],
          ),
        ],
      },
      offer(
        ['Отбеливание зубов', 'Teeth whitening'],
        ['Ровный естественный оттенок зубов', 'An even, natural shade of white'],
        'Не пересвечивать, сохранить блики',
        [2, 1, 5],
      ),
      {
        ...offer(
          ['Замена лица', 'Face swap'],
          [
            'Ваше лицо из дополнительного фото на этом снимке',
            'Your face from the extra photo placed on this one',
          ],
          'Совместить свет и цвет кожи',
          [15, 6, 30],
        ),
        flags: { allowAdditionalImage: true, allowMessage: true },
      },
    ],
  },
  {
    title: ['Тело', 'Body'],
    services: [
      {
        ...offer(
          ['Коррекция фигуры', 'Body shaping'],
          ['Аккуратная коррекция силуэта', 'A careful correction of the silhouette'],
          'Следить за фоном: без искривлённых линий',
          [10, 4, 30],
        ),
        flags: { allowMessage: true, multiDegree: true },
        degrees: true,
      },
      {
        ...offer(
          ['Удаление татуировки', 'Tattoo removal'],
          ['Убираем татуировку, восстанавливая кожу', 'The tattoo removed and the skin restored'],
          'Каждая татуировка — отдельная услуга',
          [6, 2, 20],
        ),
        flags: { multi: true },
      },
    ],
  },
  {
    title: ['Волосы и макияж', 'Hair and makeup'],
    services: [
      {
        ...offer(
          ['Цифровой макияж', 'Digital makeup'],
          ['Макияж на фото: от естественного до вечернего', 'Makeup on the photo, from natural to evening'],
          'Стиль — из выбранной опции',
          [6, 2, 20],
        ),
        options: [
          offer(
            ['Естественный', 'Natural'],
            ['Лёгкий дневной макияж', 'A light day look'],
            'Минимум цвета',
            [1, 1, 5],
          ),
          offer(
            ['Вечерний', 'Evening'],
            ['Выразительный вечерний макияж', 'A bold evening look'],
            'Акцент на глаза',
            [2, 1, 10],
          ),
        ],
      },
      {
        ...offer(
          ['Цвет волос', 'Hair colour'],
          ['Новый цвет волос', 'A new hair colour'],
          'Цвет — из комментария клиента',
          [5, 2, 15],
        ),
        flags: { allowMessage: true },
      },
    ],
  },
  {
    title: ['Фон и объекты', 'Background and objects'],
    services: [
      {
        ...offer(
          ['Замена фона', 'Background replacement'],
          ['Новый фон по вашему описанию', 'A new background as you describe it'],
          'Аккуратная маска волос',
          [8, 3, 20],
        ),
        flags: { allowMessage: true },
      },
      {
        ...offer(
          ['Удаление объекта', 'Object removal'],
          ['Лишние люди и предметы исчезают', 'Unwanted people and things disappear'],
          'Объект отмечен на черновике',
          [4, 2, 15],
        ),
        flags: { multi: true, embedInCanvas: true },
      },
      // Seven in all: the portfolio shows five services per view, so this group scrolls and loops (issue 36).
      {
        ...offer(
          ['Замена неба', 'Sky replacement'],
          ['Ясное или закатное небо вместо серого', 'A clear or sunset sky instead of a grey one'],
          'Свет на людях подогнать под новое небо',
          [5, 2, 15],
        ),
        flags: { allowMessage: true },
      },
      offer(
        ['Удаление бликов', 'Glare removal'],
        ['Без бликов на очках и стекле', 'No glare on glasses and glass'],
        'Глаза за очками сохранить чёткими',
        [3, 1, 10],
      ),
      offer(
        ['Удаление проводов', 'Wire removal'],
        ['Провода и столбы исчезают с неба', 'Wires and poles gone from the sky'],
        'Восстановить фон без повторов текстуры',
        [2, 1, 10],
      ),
      offer(
        ['Размытие фона', 'Background blur'],
        ['Мягкий фон, как у портретного объектива', 'A soft background, as from a portrait lens'],
        'Край волос без ореола',
        [3, 1, 10],
      ),
      offer(
        ['Выравнивание горизонта', 'Horizon straightening'],
        ['Ровный горизонт и вертикали', 'A level horizon and upright verticals'],
        'Кадрировать минимально',
        [1, 1, 5],
      ),
    ],
  },
  {
    // A group of exactly one service: the portfolio shows it without scrolling or looping.
    title: ['Документы', 'Documents'],
    services: [
      {
        ...offer(
          ['Фото на документы', 'ID photo'],
          ['Белый фон и кадрирование под формат документа', 'A white background, cropped to the ID format'],
          'Формат — из комментария клиента, по умолчанию 35×45 мм',
          [4, 2, 15],
        ),
        flags: { allowMessage: true },
      },
    ],
  },
];

/**
 * Creation times one millisecond apart, in the order of the demo lists. The lists are ordered by
 * creation, and rows made in one transaction would all get its start time: a row saved later then moved
 * to the end of its list.
 */
function creationClock() {
  const start = Date.now();
  let made = 0;
  return () => new Date(start + made++);
}

/** A small illustrated "photo": a figure on a gradient; `before` is dull and soft, `after` bright and crisp. */
async function demoPictures(storage: Storage, hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},65%,45%)"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <circle cx="${900 - (hue % 200)}" cy="170" r="90" fill="hsl(${(hue + 30) % 360},90%,85%)" opacity="0.8"/>
    <ellipse cx="600" cy="760" rx="260" ry="220" fill="hsl(${(hue + 180) % 360},35%,30%)"/>
    <circle cx="600" cy="380" r="170" fill="hsl(28,60%,72%)"/>
    <ellipse cx="540" cy="360" rx="22" ry="14" fill="#2b2b2b"/><ellipse cx="660" cy="360" rx="22" ry="14" fill="#2b2b2b"/>
    <path d="M540 450 Q600 500 660 450" stroke="#8a3b3b" stroke-width="12" fill="none" stroke-linecap="round"/>
  </svg>`;
  // Rasterise once; the three variants start from the same pixels.
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [after, before, thumb] = await Promise.all([
    pixels().webp({ quality: 85, effort: 1 }).toBuffer(),
    pixels()
      .modulate({ saturation: 0.45, brightness: 0.85 })
      .blur(4)
      .webp({ quality: 80, effort: 1 })
      .toBuffer(),
    pixels().resize(CATALOG_THUMBNAIL_SIDE).webp({ quality: 80, effort: 1 }).toBuffer(),
  ]);
  const put = async (data: Buffer) => {
    const key = `catalog/demo-${randomBytes(8).toString('hex')}.webp`;
    await storage.put(key, data, 'image/webp');
    return publicFilePath(key);
  };
  return {
    picture: await put(after),
    pictureThumb: await put(thumb),
    pictureBefore: await put(before),
    pictureAfter: await put(after),
  };
}

function offerColumns(item: DemoOffer) {
  return {
    titleAdmin: item.title[0],
    titleUser: item.title[1],
    descriptionAdmin: item.description[0],
    descriptionUser: item.description[1],
    instruction: item.instruction,
    cost: item.cost,
    designerPrice: item.designerPrice,
    executionTime: item.executionTime,
    status: true,
  };
}

/**
 * The demo catalogue: five groups of services (one of seven, one of a single service) with options, a
 * degree scale and refusal reasons.
 */
export async function seedDemoCatalog(tx: Transaction, storage: Storage): Promise<void> {
  const createdAt = creationClock();
  const degreeRows = await tx
    .insert(degrees)
    .values(
      DEMO_DEGREES.map(([admin, user], i) => ({
        titleAdmin: admin,
        titleUser: user,
        isDefault: i === DEFAULT_DEGREE_INDEX,
        createdAt: createdAt(),
      })),
    )
    .returning({ id: degrees.id });
  await tx
    .insert(refusalReasons)
    .values(
      DEMO_REASONS.map(([admin, user]) => ({ titleAdmin: admin, titleUser: user, createdAt: createdAt() })),
    );

  let hue = 0;
  for (const group of DEMO_CATALOG) {
    const [groupRow] = await tx
      .insert(serviceGroups)
      .values({
        titleAdmin: group.title[0],
        titleUser: group.title[1],
        status: true,
        createdAt: createdAt(),
      })
      .returning({ id: serviceGroups.id });
    for (const service of group.services) {
      hue = (hue + 37) % 360;
      const [serviceRow] = await tx
        .insert(services)
        .values({
          groupId: groupRow!.id,
          ...offerColumns(service),
          ...service.flags,
          createdAt: createdAt(),
          ...(await demoPictures(storage, hue)),
        })
        .returning({ id: services.id });
      if (service.degrees) {
        await tx.insert(serviceDegrees).values(
          degreeRows.map((degree, position) => ({
            serviceId: serviceRow!.id,
            degreeId: degree.id,
            position,
          })),
        );
      }
      for (const option of service.options ?? []) {
        hue = (hue + 23) % 360;
        await tx.insert(serviceOptions).values({
          serviceId: serviceRow!.id,
          ...offerColumns(option),
          createdAt: createdAt(),
          ...(await demoPictures(storage, hue)),
        });
      }
    }
  }
}
