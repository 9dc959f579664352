import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackBody } from '@retouch/shared/site';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { insertFeedback } from './feedback.repository';

export interface FeedbackDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  supportEmail: string;
}

/** A parsed contact-form message and the account it came from, if the sender was logged in. */
export type FeedbackInput = Required<FeedbackBody> & { userId: string | null };

/**
 * Stores the message, then mails it to support with the sender as reply-to. The stored row is the
 * record, so a mail failure is logged and does not fail the sender's request.
 */
export async function submitFeedback(deps: FeedbackDeps, input: FeedbackInput): Promise<void> {
  const id = await insertFeedback(deps.db, input);
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      replyTo: input.email,
      subject: `Contact form: ${oneLine(input.name)}`,
      text: feedbackMailText(input),
    });
  } catch (error) {
    deps.log.error({ err: error, feedbackId: id }, 'feedback mail was not sent; the message is stored');
  }
}

function feedbackMailText({ name, email, message, userId }: FeedbackInput): string {
  const account = userId ? `Account: ${userId}\n` : 'Not logged in\n';
  return `From: ${name} <${email}>\n${account}\n${message}`;
}

// A subject is one header line: a name with line breaks must not add headers or fold it.
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').slice(0, 80);
}
