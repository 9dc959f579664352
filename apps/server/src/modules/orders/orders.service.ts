import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { PersonProfileSnapshot } from '@retouch/shared/person-profiles';
import {
  MAX_ADDITIONAL_IMAGE_SIDE,
  OrderCondition,
  OrderText,
  balanceCoversOrder,
  type CreatedOrder,
  orderSubmitSchema,
} from '@retouch/shared/orders';
import { AppError } from '../../lib/app-error';
import {
  startImages,
  readImageHeader,
  type ImageInput,
  type ImageJob,
  type PreparedImage,
} from '../../lib/images';
import { parseInput } from '../../lib/validation';
import { removeFiles } from '../../storage/commit-with-files';
import { publicFilePath, type Storage } from '../../storage/storage';
import {
  IdempotentScope,
  findAnswer,
  idempotentRequest,
  runDirectly,
  runOnce,
  type IdempotentAnswer,
  type IdempotentRequest,
  type RunOnce,
} from '../idempotency/idempotency.service';
import { sendOrder } from '../order-flow/customer-commands';
import { runCommandWithFiles, type OrderFlowDeps } from '../order-flow/order-transition';
import { findBalance } from '../ledger/ledger.repository';
import { snapshotProfiles } from '../person-profiles/person-profiles.service';
import { loadEntryCatalog } from './order-catalog.repository';
import { insertOrderItems, insertOrderPerson, orderExists } from './orders.repository';
import { recordPersonsView } from './order-history.repository';
import { priceOrder, type PricedOrder } from './order-pricing';

/** Sending an order is the lifecycle's first command. */
export type OrdersDeps = OrderFlowDeps;

export const OrderCreateText = {
  // The editor's modal says the same: one text, one rule (`balanceCoversOrder`).
  insufficientFunds: OrderText.insufficientFunds,
  draftMissing: 'The draft picture is missing',
} as const;

/** Longest side kept of an original: designers need the full picture, pixel bombs are refused by sharp. */
const ORIGINAL_MAX_SIDE = 8000;
const THUMBNAIL_SIDE = 400;

/** An order's uploads by form field (`original`, `draft`, `additional`): bytes, or files written as they came. */
export type OrderUploads = ReadonlyMap<string, ImageInput>;

/** The pictures made of an order's uploads, in PICTURE_NAMES order: original, its thumbnail, draft, face photo. */
export function orderPictureJobs(
  original: ImageInput,
  draft: ImageInput,
  additional?: ImageInput,
): ImageJob[] {
  const jobs: ImageJob[] = [
    { input: original, options: { maxSide: ORIGINAL_MAX_SIDE, format: 'jpeg' } },
    { input: original, options: { maxSide: THUMBNAIL_SIDE, format: 'webp' } },
    { input: draft, options: { maxSide: ORIGINAL_MAX_SIDE, format: 'png' } },
  ];
  if (additional)
    jobs.push({ input: additional, options: { maxSide: MAX_ADDITIONAL_IMAGE_SIDE, format: 'jpeg' } });
  return jobs;
}

async function checkAdditionalImage(input: ImageInput | undefined): Promise<void> {
  if (!input) throw AppError.badRequest(OrderText.faceImageRequired);
  const { width, height } = await readImageHeader(input);
  if (width > MAX_ADDITIONAL_IMAGE_SIDE || height > MAX_ADDITIONAL_IMAGE_SIDE) {
    throw AppError.badRequest(OrderText.faceImageTooLarge);
  }
}

/** An order's data, priced from the live catalogue, from a customer whose balance covers it. */
export interface CheckedOrder {
  submitted: z.output<typeof orderSubmitSchema>['order'];
  priced: PricedOrder;
  /** Issue 23: the copy of the person profile applied to each person that names one, by person name. */
  profiles: ReadonlyMap<string, PersonProfileSnapshot>;
}

/**
 * Checks an order's data before any of its files: parses it, prices it from the live catalogue and
 * checks the customer's balance covers it (checked again, locked, when the order is charged).
 */
async function checkOrder(deps: OrdersDeps, userId: string, data: unknown): Promise<CheckedOrder> {
  const { order: submitted } = parseInput(orderSubmitSchema, data);
  const profiles = await profilesOfPersons(deps, userId, submitted.persons);
  const catalog = await loadEntryCatalog(
    deps.db,
    submitted.persons.flatMap((person) => person.orders),
  );
  const priced = priceOrder(submitted, catalog);
  const balance = await findBalance(deps.db, userId);
  if (!balance || !balanceCoversOrder(balance, priced.cost))
    throw new AppError(402, OrderCreateText.insufficientFunds);
  return { submitted, priced, profiles };
}

/** The copies of the profiles the persons name; an id not the customer's own refuses the order. */
async function profilesOfPersons(
  deps: OrdersDeps,
  userId: string,
  persons: CheckedOrder['submitted']['persons'],
): Promise<ReadonlyMap<string, PersonProfileSnapshot>> {
  const named = persons.flatMap((person) =>
    person.profileId ? [{ ...person, profileId: person.profileId }] : [],
  );
  if (named.length === 0) return new Map();
  const snapshots = await snapshotProfiles(
    deps.db,
    userId,
    named.map((person) => person.profileId),
  );
  // Every id was found: `snapshotProfiles` refuses the order otherwise.
  return new Map(named.map((person) => [person.id, snapshots.get(person.profileId)!]));
}

/**
 * Sends an order: checks it against the live catalogue, prices it, stores its pictures and charges
 * the customer (bonus first) in one unit. On any failure nothing is charged and no file stays behind.
 */
export async function createOrder(
  deps: OrdersDeps,
  userId: string,
  data: unknown,
  files: OrderUploads,
  once: RunOnce = runDirectly,
): Promise<CreatedOrder> {
  return sendCheckedOrder(deps, userId, await checkOrder(deps, userId, data), files, once);
}

/** A send's `data` as it arrived: the answer kept under its Idempotency-Key, or the order checked. */
export type OrderSend =
  | { replay: IdempotentAnswer }
  | { replay?: undefined; keyed: IdempotentRequest | undefined; checked: CheckedOrder };

/**
 * Checks a send's `data` before any of its files: a send repeating one that committed under the same
 * Idempotency-Key gets that one's answer (422 if it asked something else); any other is `checkOrder`ed.
 * The pictures are not part of what a key's send is compared on: they come after.
 */
export async function checkOrderSend(
  deps: OrdersDeps,
  userId: string,
  key: string | undefined,
  data: unknown,
): Promise<OrderSend> {
  const keyed = idempotentRequest(userId, IdempotentScope.orderCreate, key, data);
  const replay = await findAnswer(deps.db, keyed);
  if (replay) return { replay };
  return { keyed, checked: await checkOrder(deps, userId, data) };
}

/** Sends a checked order once per Idempotency-Key: a racing send with the same key gets the first's answer. */
export function sendOrderOnce(
  deps: OrdersDeps,
  userId: string,
  send: { keyed: IdempotentRequest | undefined; checked: CheckedOrder },
  files: OrderUploads,
  uploadsDone?: () => Promise<void>,
): Promise<IdempotentAnswer> {
  return runOnce(deps, send.keyed, 201, (once) =>
    sendCheckedOrder(deps, userId, send.checked, files, once, uploadsDone),
  );
}

/**
 * `createOrder` for data already checked (`checkOrder`, as the form's `data` arrived): every picture's
 * header is checked before any is decoded, then they are stored and the order charged in one unit.
 */
async function sendCheckedOrder(
  deps: OrdersDeps,
  userId: string,
  { submitted, priced, profiles }: CheckedOrder,
  files: OrderUploads,
  once: RunOnce = runDirectly,
  /** Called once the uploads are read (every picture made): a spooled form's removal, say. */
  uploadsDone?: () => Promise<void>,
): Promise<CreatedOrder> {
  const original = files.get('original');
  if (!original) throw AppError.badRequest(OrderText.uploadPhotoFirst);
  const draft = files.get('draft');
  if (!draft) throw AppError.badRequest(OrderCreateText.draftMissing);
  const additional = files.get('additional');
  if (priced.needsAdditionalImage) await checkAdditionalImage(additional);

  const pictures = await startImages(
    orderPictureJobs(original, draft, priced.needsAdditionalImage ? additional : undefined),
  );
  // Once every picture is made the uploads are no longer read: they go while the rest is done.
  const uploadsReleased = Promise.allSettled(pictures).then(() => uploadsDone?.().catch(() => undefined));
  const orderId = randomUUID();
  const stored: string[] = [];
  // Each picture is written as soon as it is made; every write settles before clean-up can run, so no
  // late write survives a failure (of a picture or of a write).
  const writes = await Promise.allSettled(
    pictures.map((picture, index) =>
      picture.then((image) => storeOrderPicture(deps.storage, orderId, index, image, stored)),
    ),
  );
  const failedWrite = writes.find((write) => write.status === 'rejected');
  if (failedWrite) {
    await Promise.all([removeFiles(deps.storage, stored), uploadsReleased]);
    throw failedWrite.reason;
  }
  const [originalPath, thumbPath, draftPath, additionalPath] = writes.map((write) =>
    write.status === 'fulfilled' ? write.value : undefined,
  );
  const created: CreatedOrder = {
    _id: orderId,
    cost: priced.cost,
    executionTime: priced.executionTime,
    condition: OrderCondition.new,
  };
  // An order whose COMMIT answer was lost with its connection is there all the same: answered as made.
  const now = deps.now();
  await runCommandWithFiles(
    deps,
    stored,
    (step) =>
      once(step.tx, async () => {
        await sendOrder(
          step,
          {
            id: orderId,
            userId,
            cost: priced.cost,
            costForExecutor: priced.costForExecutor,
            payAsSent: priced.costForExecutor,
            executionTime: priced.executionTime,
            message: submitted.message,
            original: originalPath!,
            originalThumb: thumbPath!,
            draft: draftPath!,
            additional: additionalPath ?? null,
            createdAt: now,
            queuedAt: now,
          },
          {
            canAfford: (balance) => balanceCoversOrder(balance, priced.cost),
            insufficient: OrderCreateText.insufficientFunds,
          },
        );
        for (const [position, person] of priced.persons.entries()) {
          const personId = randomUUID();
          await insertOrderPerson(step.tx, {
            id: personId,
            orderId,
            name: person.name,
            position,
            profile: profiles.get(person.name) ?? null,
          });
          if (person.items.length === 0) continue;
          await insertOrderItems(
            step.tx,
            person.items.map((item, itemPosition) => ({ ...item, personId, position: itemPosition })),
          );
        }
        await recordPersonsView(step.tx, orderId);
        return created;
      }),
    () => orderExists(deps.db, orderId),
  );
  await uploadsReleased;
  return created;
}

const PICTURE_NAMES = ['original', 'original-thumb', 'draft', 'additional'] as const;

async function storeOrderPicture(
  storage: Storage,
  orderId: string,
  index: number,
  image: PreparedImage,
  stored: string[],
): Promise<string> {
  // The random part keeps the name from being guessed (older orders keep their plain names).
  const key = `orders/${orderId}/${PICTURE_NAMES[index]}-${randomUUID()}.${image.extension}`;
  stored.push(key);
  await storage.put(key, image.data, image.contentType);
  return publicFilePath(key);
}
