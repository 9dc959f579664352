import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import type { Database } from '../../db/client';
import { publicFilePath } from '../../storage/storage';
import type { PermissionEntry } from '@retouch/shared/permissions';
import { findOrderCustomerId, findOrderOfReviewPicture, isOrderParticipant } from './files.repository';

/** Who may read a stored file, told by its key. */
export type FileAudience =
  | { kind: 'everyone' }
  | { kind: 'signedIn' }
  | { kind: 'order'; orderId: string }
  | { kind: 'legacyMarkup'; key: string }
  | { kind: 'staff' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Mark-ups stored before they moved into the order's folder. */
const LEGACY_MARKUP = /^orders\/review-[^/]+$/;

/**
 * Catalogue pictures are public, avatars need a session, `orders/<orderId>/…` belongs to the people of
 * that order (older `orders/review-…` mark-ups too, found through their review); anything else to the
 * order viewers alone.
 */
export function fileAudience(key: string): FileAudience {
  const [prefix, second, ...rest] = key.split('/');
  if (prefix === 'catalog') return { kind: 'everyone' };
  if (prefix === 'avatars') return { kind: 'signedIn' };
  if (prefix === 'orders' && second && UUID.test(second) && rest.length > 0) {
    return { kind: 'order', orderId: second };
  }
  if (LEGACY_MARKUP.test(key)) return { kind: 'legacyMarkup', key };
  return { kind: 'staff' };
}

/**
 * Whether that user (null: a visitor) may read a file of that audience. An order's pictures are for its
 * customer, the designers and moderators who hold or held it, and whoever may look at every order
 * (lookOrders, cabinetModer); a designer never sees the photos of orders they did not work on.
 */
export async function mayReadFile(
  db: Database,
  audience: FileAudience,
  userId: string | null,
  /** The user's effective permissions (the instance's cached ones, `app.accessOf`). */
  permissionsOf: (userId: string) => Promise<readonly PermissionEntry[]>,
): Promise<boolean> {
  if (audience.kind === 'everyone') return true;
  if (!userId) return false;
  if (audience.kind === 'signedIn') return true;
  if (audience.kind === 'order' && (await findOrderCustomerId(db, audience.orderId)) === userId) return true;
  if (viewsEveryOrder(await permissionsOf(userId))) return true;
  const orderId =
    audience.kind === 'order'
      ? audience.orderId
      : audience.kind === 'legacyMarkup'
        ? await findOrderOfReviewPicture(db, publicFilePath(audience.key))
        : undefined;
  return orderId !== undefined && (await isOrderParticipant(db, orderId, userId));
}

function viewsEveryOrder(permissions: readonly PermissionEntry[]): boolean {
  return (
    hasPermission(permissions, PermissionSign.lookOrders) ||
    hasPermission(permissions, PermissionSign.cabinetModer)
  );
}
