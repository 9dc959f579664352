import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go instead of MAIL_FROM (the contact form: the sender). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Nodemailer's transport made on the first mail: the package (about 13 MB of memory) loads then. */
function lazyTransport(make: (nodemailer: typeof Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer)));
}

/**
 * SMTP when SMTP_HOST is set; otherwise each message becomes a JSON file in DATA_DIR/outbox (text
 * included, for development) and a log line naming only its recipient and subject.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_HOST) {
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
      }),
    );
    return {
      async send(message) {
        await (await transport()).sendMail({ from: config.MAIL_FROM, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ jsonTransport: true }));
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: config.MAIL_FROM, ...message });
      const stored = { ...(JSON.parse(String(info.message)) as object), to: message.to, text: message.text };
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      // Written beside, then renamed: a reader of the outbox never finds a mail half written (a journey
      // read one and failed on its JSON).
      await writeFile(`${file}.part`, JSON.stringify(stored, null, 2));
      await rename(`${file}.part`, file);
      // The links in a mail are secrets: the log names the mail, the outbox file (development) holds it.
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
