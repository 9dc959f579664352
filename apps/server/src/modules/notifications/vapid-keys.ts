import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findVapidKeys, insertVapidKeysOnce } from './notifications.repository';
import type { VapidDetails } from './push-sender';

type VapidConfig = Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'isProduction'>;

/** The VAPID keys this server signs its pushes with, found once; undefined while Web Push is off. */
export interface VapidKeySource {
  get(): Promise<VapidDetails | undefined>;
}

/**
 * The configured pair; without one, outside production, the pair kept in the database, made when first
 * asked for (at start; instances starting together agree: the first insert wins). In production without a pair Web
 * Push is off. A failed lookup is tried again on the next use.
 */
/** A new key pair; web-push (about 12 MB of memory) loads only when one is made. */
async function generateVapidKeys() {
  const { default: webpush } = await import('web-push');
  return webpush.generateVAPIDKeys();
}

export function createVapidKeySource(db: Database, config: VapidConfig): VapidKeySource {
  let found: Promise<VapidDetails | undefined> | undefined;
  const subject = config.VAPID_SUBJECT;
  const load = async (): Promise<VapidDetails | undefined> => {
    if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
      return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
    if (config.isProduction) return undefined;
    const stored = (await findVapidKeys(db)) ?? (await insertVapidKeysOnce(db, await generateVapidKeys()));
    return { subject, publicKey: stored.publicKey, privateKey: stored.privateKey };
  };
  return {
    get() {
      found ??= load().catch((error: unknown) => {
        found = undefined;
        throw error;
      });
      return found;
    },
  };
}
