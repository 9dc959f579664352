import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import sharp from 'sharp';
import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import { RoleTitle } from '@retouch/shared/permissions';
import { roles } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/passwords';
import { insertUser } from '../src/modules/users/users.repository';
import { imageForm } from './fixtures';
import type { TestApp, TestClient } from './test-app';

const STAFF_PASSWORD = 'staff-password';
let staffHash: Promise<string> | undefined;
let counter = 0;

export interface StaffMember {
  userId: string;
  email: string;
  client: TestClient;
}

/** `count` confirmed, logged-in staff members of the seeded role (Designer, Moderator, ...). */
export async function createStaff(
  t: TestApp,
  roleTitle: string = RoleTitle.designer,
  count = 1,
): Promise<StaffMember[]> {
  staffHash ??= hashPassword(STAFF_PASSWORD);
  const passwordHash = await staffHash;
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.title, roleTitle));
  if (!role) throw new Error(`no role ${roleTitle}`);
  const members: StaffMember[] = [];
  for (let i = 0; i < count; i += 1) {
    counter += 1;
    const email = `${roleTitle.toLowerCase()}${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const userId = await insertUser(t.db, {
      email,
      passwordHash,
      giveName: roleTitle,
      familyName: String(counter),
      roleId: role.id,
      emailConfirmedAt: t.clock.now(),
    });
    members.push({ userId, email, client: t.client() });
  }
  await Promise.all(
    members.map(async (member) => {
      const login = await member.client.post('/api/login', { email: member.email, password: STAFF_PASSWORD });
      if (login.status !== 200) throw new Error(`staff login failed: ${JSON.stringify(login.body)}`);
    }),
  );
  return members;
}

/** The next `event` on the socket; rejects after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Every `event` the socket receives from now on. */
export function collectEvents<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** A connected socket of that client. */
export async function connectedSocket(t: TestApp, client: TestClient): Promise<Socket> {
  const socket = t.socket(client);
  if (!socket.connected) await nextEvent(socket, 'connect');
  return socket;
}

/** Services of the public catalogue by user title. */
export async function catalogServices(t: TestApp): Promise<(title: string) => PublicService> {
  const groups = (await t.client().get('/api/services')).body as PublicGroup[];
  const all = groups.flatMap((group) => group.list);
  return (title) => {
    const found = all.find((service) => service.title.user === title);
    if (!found) throw new Error(`no service ${title}`);
    return found;
  };
}

let photo: Promise<Buffer> | undefined;

/** Sends a one-service order for the base photo; answers its id. */
export async function placeOrder(client: TestClient, serviceId: string): Promise<string> {
  photo ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer();
  const data = { order: { persons: [{ id: 'photo', orders: [{ id: serviceId }] }], message: 'Hi' } };
  const image = await photo;
  const form = imageForm(
    { data: JSON.stringify(data) },
    {
      original: { data: image, name: 'photo.png', type: 'image/png' },
      draft: { data: image, name: 'draft.png', type: 'image/png' },
    },
  );
  const answer = await client.post('/api/orders/create', form);
  if (answer.status !== 201) throw new Error(`order failed: ${JSON.stringify(answer.body)}`);
  return (answer.body as { _id: string })._id;
}
