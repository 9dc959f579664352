import { z } from 'zod';

/** Back-office catalogue texts (back-office sections 5 and 8), exactly as the specification writes them. */
export const CatalogText = {
  nameEmpty: 'Имя не может быть пустым',
  descriptionEmpty: 'Описание не может быть пустым',
  instructionEmpty: 'Инструкция не может быть пустой',
  serviceImagesMissing: 'Вы не загрузили изображения',
  optionImagesMissing: 'Вы не загрузили картику',
  defaultDegreeRemoved: 'Вы не можете удалить степень действия по умолчанию!',
  // Our wording where the specification gives none.
  numberMin: 'Значение должно быть не меньше 1',
  numberInvalid: 'Поле может содержать только числа',
  tooManyGroups: 'Нельзя создать больше 10 групп',
  groupNotFound: 'Группа не найдена',
  serviceNotFound: 'Услуга не найдена',
  optionNotFound: 'Дополнительная услуга не найдена',
  degreeNotFound: 'Степень действия не найдена',
  degreeUnknown: 'Неизвестная степень действия',
  defaultDegreeDelete: 'Нельзя удалить степень действия по умолчанию',
  defaultDegreeUnset: 'Одна степень действия всегда должна быть по умолчанию',
  reasonNotFound: 'Причина не найдена',
  reasonTitleEmpty: 'Название причины не может быть пустым: заполните RU и EN',
  degreeTitleEmpty: 'Название степени действия не может быть пустым: заполните RU и EN',
  templateNotFound: 'Шаблон не найден',
} as const;

/** Back-office notifications of the catalogue screens (back-office section 8), exactly as written there. */
export const CatalogNotice = {
  statusNotUpdated: 'Статус не был обновлён',
  slideNotDeleted: 'Слайд не был удалён',
  sliderNotDeleted: 'Слайдер не был удалён',
  sliderNotUpdated: 'Слайдер не был обновлён',
  slideNotUpdated: 'Слайд не был обновлён',
  somethingWrong: 'Что-то пошло не так',
  slideSaved: 'Слайд успешно сохранён',
  slideAdded: 'Слайд успешно добавлен',
  slideDeleted: 'Слайд успешно удалён',
  slideUpdated: 'Слайд успешно обновлён',
  slideChanged: 'Слайд успешно изменён',
  sliderDeleted: 'Слайдер успешно удалён',
  sliderUpdated: 'Слайдер успешно обновлён',
  dataUpdated: 'Данные успешно обновлены',
  defaultDegreeSet: 'Услуга установлена по умолчанию',
  reasonDeleted: 'Причина успешно удалена',
  added: 'Добавлено',
  changed: 'Успешно изменено',
  deleted: 'Успешно удалено',
} as const;

/** At most this many service groups (back-office section 9). */
export const MAX_SERVICE_GROUPS = 10;
/** Longest side of the web-sized copy of a catalogue picture. */
export const CATALOG_PICTURE_SIDE = 1600;
/** Longest side of a catalogue thumbnail. */
export const CATALOG_THUMBNAIL_SIDE = 400;

const text = (message: string, max = 2000) => z.string({ error: message }).trim().min(1, message).max(max);
const count = z.coerce
  .number({ error: CatalogText.numberInvalid })
  .int(CatalogText.numberInvalid)
  .min(1, CatalogText.numberMin)
  .max(1_000_000);

export const bilingualTitleSchema = z.object({
  admin: text(CatalogText.nameEmpty),
  user: text(CatalogText.nameEmpty),
});
const bilingualDescriptionSchema = z.object({
  admin: text(CatalogText.descriptionEmpty),
  user: text(CatalogText.descriptionEmpty),
});

/** `POST /api/admin/services/group` body: the RU name is required. */
export const groupBodySchema = z.object({
  title: z.object({ admin: text(CatalogText.nameEmpty), user: z.string().trim().max(200).default('') }),
  status: z.boolean().default(false),
});
export type GroupBody = z.input<typeof groupBodySchema>;

/** `PATCH /api/admin/services/group/{id}` body: both titles must be filled (back-office section 5). */
export const groupUpdateBodySchema = z.object({ title: bilingualTitleSchema, status: z.boolean() });

/** The priced, described part shared by services and options (the `data` JSON of their multipart calls). */
export const offerDataSchema = z.object({
  title: bilingualTitleSchema,
  description: bilingualDescriptionSchema,
  instruction: text(CatalogText.instructionEmpty),
  cost: count,
  designerPrice: count,
  executionTime: count,
  status: z.boolean().default(false),
});
export type OfferData = z.input<typeof offerDataSchema>;

/** `PATCH /api/admin/services/list/{id}` data: the full service. */
export const serviceDataSchema = offerDataSchema.extend({
  embedInCanvas: z.boolean().default(false),
  allowMessage: z.boolean().default(false),
  allowAdditionalImage: z.boolean().default(false),
  multi: z.boolean().default(false),
  multiDegree: z.boolean().default(false),
  degreeAction: z
    .array(z.uuid({ error: CatalogText.degreeUnknown }))
    .max(50)
    .default([]),
});
export type ServiceData = z.input<typeof serviceDataSchema>;

/** A degree's RU and EN titles, both filled: staff and customers choose degrees by them. */
const degreeTitleSchema = z.object(
  { admin: text(CatalogText.degreeTitleEmpty, 200), user: text(CatalogText.degreeTitleEmpty, 200) },
  { error: CatalogText.degreeTitleEmpty },
);

/** Titles as a create call takes them: each trimmed, and empty when not sent. */
const titlesOrEmpty = (max: number) => {
  const title = z.string().trim().max(max).default('');
  const empty = { admin: '', user: '' };
  return z
    .object({ title: z.object({ admin: title, user: title }).default(empty) })
    .default({ title: empty });
};

/**
 * `POST /api/admin/services/degree` body: none, since the call "creates an empty one" (back office
 * section 7); titles sent are kept. Staff fill them in with the PATCH.
 */
export const degreeCreateBodySchema = titlesOrEmpty(200);
export type DegreeCreateBody = z.input<typeof degreeCreateBodySchema>;

/** `PATCH /api/admin/services/degree/{id}` body: both titles filled (our rule; the specification gives none). */
export const degreeBodySchema = z.object({ title: degreeTitleSchema, default: z.boolean() });
export type DegreeBody = z.input<typeof degreeBodySchema>;

/**
 * `POST /api/admin/orders/reason` body: "title.admin and title.user (empty on create)" (back office
 * section 7), so none or empty titles create an empty reason, which designers cannot refuse with until
 * it is titled.
 */
export const reasonCreateBodySchema = titlesOrEmpty(300);
export type ReasonCreateBody = z.input<typeof reasonCreateBodySchema>;

/** `PATCH /api/admin/orders/reason/{id}` body: both titles filled, since designers choose by them. */
export const reasonBodySchema = z.object({
  title: z.object(
    { admin: text(CatalogText.reasonTitleEmpty, 300), user: text(CatalogText.reasonTitleEmpty, 300) },
    { error: CatalogText.reasonTitleEmpty },
  ),
});
export type ReasonBody = z.input<typeof reasonBodySchema>;

/** Option template: a preset the option form can be filled from. */
export const optionTemplateBodySchema = offerDataSchema.omit({ status: true });
export type OptionTemplateBody = z.input<typeof optionTemplateBodySchema>;

// ---- answers: what the admin calls answer, the contract their routes declare (issue 22)

const bilingualSchema = z.object({ admin: z.string(), user: z.string() });
export type Bilingual = z.infer<typeof bilingualSchema>;

const picturesSchema = z.object({
  picture: z.string(),
  pictureBefore: z.string(),
  pictureAfter: z.string(),
  /** Thumbnail of the main picture (for lists and sliders). */
  pictureThumb: z.string(),
});
export type Pictures = z.infer<typeof picturesSchema>;

export const adminOptionSchema = picturesSchema.extend({
  _id: z.string(),
  title: bilingualSchema,
  description: bilingualSchema,
  instruction: z.string(),
  cost: z.number(),
  designerPrice: z.number(),
  executionTime: z.number(),
  status: z.boolean(),
});
export type AdminOption = z.infer<typeof adminOptionSchema>;

export const adminServiceSchema = adminOptionSchema.extend({
  embedInCanvas: z.boolean(),
  allowMessage: z.boolean(),
  allowAdditionalImage: z.boolean(),
  multi: z.boolean(),
  multiDegree: z.boolean(),
  /** Ids of the degrees of action the service offers. */
  degreeAction: z.array(z.string()),
  optional: z.array(adminOptionSchema),
});
export type AdminService = z.infer<typeof adminServiceSchema>;

export const adminGroupSchema = z.object({
  _id: z.string(),
  title: bilingualSchema,
  status: z.boolean(),
  list: z.array(adminServiceSchema),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

/**
 * `GET /api/admin/services/titles` (cabinetDesigner): the Russian title of every live group, service,
 * option and degree by id, so a designer's screens name the catalogue in the back office's language
 * without the rest of the admin catalogue (editServices).
 */
export const catalogTitlesSchema = z.record(z.string(), z.string());
export type CatalogTitles = z.infer<typeof catalogTitlesSchema>;

export const degreeSchema = z.object({ _id: z.string(), title: bilingualSchema, default: z.boolean() });
export type Degree = z.infer<typeof degreeSchema>;

export const refusalReasonSchema = z.object({ _id: z.string(), title: bilingualSchema });
export type RefusalReason = z.infer<typeof refusalReasonSchema>;

/** An option template: an option's priced, described part, without status or pictures. */
export const optionTemplateSchema = adminOptionSchema.omit({
  status: true,
  picture: true,
  pictureBefore: true,
  pictureAfter: true,
  pictureThumb: true,
});
export type OptionTemplate = z.infer<typeof optionTemplateSchema>;

/** What a deletion answers: the specification's notice. */
export const deletedAnswerSchema = z.object({ message: z.string() });

/**
 * Public catalogue: an option as the customer side's Service entity lists it (section 3), both
 * languages and the instruction; the designer's pay stays staff information (docs/spec/exceptions.md).
 */
export const publicOptionSchema = z.object({
  _id: z.string(),
  title: bilingualSchema,
  description: bilingualSchema,
  instruction: z.string(),
  cost: z.number(),
  executionTime: z.number(),
  status: z.boolean(),
  picture: z.string(),
  pictureThumb: z.string(),
  pictureBefore: z.string(),
  pictureAfter: z.string(),
});
export type PublicOption = z.infer<typeof publicOptionSchema>;

export const publicServiceSchema = publicOptionSchema.extend({
  embedInCanvas: z.boolean(),
  allowMessage: z.boolean(),
  allowAdditionalImage: z.boolean(),
  multi: z.boolean(),
  multiDegree: z.boolean(),
  degreeAction: z.array(
    z.object({ _id: z.string(), title: z.object({ user: z.string() }), default: z.boolean() }),
  ),
  optional: z.array(publicOptionSchema),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

export const publicGroupSchema = z.object({
  _id: z.string(),
  title: bilingualSchema,
  status: z.literal(true),
  list: z.array(publicServiceSchema),
});
export type PublicGroup = z.infer<typeof publicGroupSchema>;

/** `GET /api/services`: the public catalogue (sent as the cache wrote it; 304 while the ETag holds). */
export const publicCatalogSchema = z.array(publicGroupSchema);
