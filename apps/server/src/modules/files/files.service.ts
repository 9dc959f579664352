import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import type { Database } from '../../db/client';
import { findEffectivePermissions } from '../permissions/permissions.repository';
import { findOrderCustomerId } from './files.repository';

/** Who may read a stored file, told by its key. */
export type FileAudience =
  { kind: 'everyone' } | { kind: 'signedIn' } | { kind: 'order'; orderId: string } | { kind: 'staff' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Catalogue pictures are public, avatars need a session, `orders/<orderId>/…` belongs to that order's
 * customer and the staff; anything else (the older `orders/review-…` mark-ups too) to the staff alone.
 */
export function fileAudience(key: string): FileAudience {
  const [prefix, second, ...rest] = key.split('/');
  if (prefix === 'catalog') return { kind: 'everyone' };
  if (prefix === 'avatars') return { kind: 'signedIn' };
  if (prefix === 'orders' && second && UUID.test(second) && rest.length > 0) {
    return { kind: 'order', orderId: second };
  }
  return { kind: 'staff' };
}

/** Whether that user (null: a visitor) may read a file of that audience; staff means showAdmin. */
export async function mayReadFile(
  db: Database,
  audience: FileAudience,
  userId: string | null,
): Promise<boolean> {
  if (audience.kind === 'everyone') return true;
  if (!userId) return false;
  if (audience.kind === 'signedIn') return true;
  if (audience.kind === 'order' && (await findOrderCustomerId(db, audience.orderId)) === userId) return true;
  return hasPermission(await findEffectivePermissions(db, userId), PermissionSign.showAdmin);
}
