import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { Storage } from '../../storage/storage';

/** What the account services tell the outside world; the routes wire it to socket.io. */
interface AccountEvents {
  sessionsEnded(userId: string, sessionIds: readonly string[]): Promise<void>;
}

export interface AccountDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  publicUrl: string;
  events: AccountEvents;
}

/** Sends a mail whose failure must not undo what was done: it is logged. */
export async function sendMailLogged(deps: Pick<AccountDeps, 'mailer' | 'log'>, message: MailMessage) {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error(error, `mail "${message.subject}" was not sent`);
  }
}
