import { ORDER_HISTORY_PATH, OrderNotice, type OrderNoticeKind } from '@retouch/shared/notifications';
import type { MailMessage } from '../../mail/mailer';

/** What an order mail says: whom it greets, the order, and the site's address. */
export interface OrderMailFacts {
  to: string;
  giveName: string;
  orderCreatedAt: Date;
  /** Tokens returned to the balance (a refused order). */
  refundedTokens: number;
  /** The refusal reason in the customer's language; empty when none was given. */
  reason: string;
  publicUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const orderDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const tokens = (count: number) => (count === 1 ? '1 token' : `${count} tokens`);

interface MailParts {
  subject: string;
  /** Paragraphs, plain text; the links come after them. */
  paragraphs: string[];
}

function partsOf(notice: OrderNoticeKind, facts: OrderMailFacts): MailParts | undefined {
  const sent = `your order of ${orderDate(facts.orderCreatedAt)}`;
  switch (notice) {
    case OrderNotice.resultReady:
      return {
        subject: 'Your retouched photo is ready',
        paragraphs: [
          `A designer has finished ${sent}. See and download the result in your order history.`,
          'Not quite right? Ask for a revision there, with a message to the designer.',
        ],
      };
    case OrderNotice.refused:
      return {
        subject: 'Your order was refused and refunded',
        paragraphs: [
          `We are sorry: ${sent} could not be done.` +
            (facts.reason ? ` The designer's reason: ${facts.reason}.` : ''),
          `The ${tokens(facts.refundedTokens)} it took were returned to your balance.`,
        ],
      };
    default:
      return undefined;
  }
}

/** The e-mail about an order's news, in English, with the link to the order history; none for other news. */
export function orderMail(notice: OrderNoticeKind, facts: OrderMailFacts): MailMessage | undefined {
  const parts = partsOf(notice, facts);
  if (!parts) return undefined;
  const history = `${facts.publicUrl}${ORDER_HISTORY_PATH}`;
  const profile = `${facts.publicUrl}/profile`;
  const greeting = `Hello ${facts.giveName},`;
  const optOut =
    'You get these e-mails because e-mails about your orders are on. Turn them off in your profile:';
  const text = [greeting, ...parts.paragraphs, `Your order history: ${history}`, `${optOut} ${profile}`].join(
    '\n\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${history}">Open your order history</a></p>`,
    `<p style="color:#888">${escapeHtml(optOut)} <a href="${profile}">profile</a></p>`,
  ].join('');
  return { to: facts.to, subject: parts.subject, text, html };
}
