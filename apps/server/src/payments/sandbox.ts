import { randomBytes } from 'node:crypto';
import type { CardProvider, CryptoProvider, PageSources } from './providers';

/** Everything the sandbox shows comes from this site. */
const SANDBOX_PAGE_SOURCES: PageSources = { script: [], frame: [], connect: [], img: [] };

/**
 * Offline card processor with a test mode's behaviour; the confirm step lives in the payments service,
 * so it has no webhook.
 */
export const sandboxCardProvider: CardProvider = {
  name: 'sandbox',
  publicKey: 'sandbox',
  browserForm: 'sandbox',
  pageSources: SANDBOX_PAGE_SOURCES,
  async startCardPayment(payment) {
    return {
      providerRef: `sbx_${payment.id}`,
      clientSecret: `sbx_${payment.id}_secret_${randomBytes(12).toString('hex')}`,
    };
  },
};

/** Our own invoice page; its simulate button credits the payment, so it has no webhook either. */
export const sandboxCryptoProvider: CryptoProvider = {
  name: 'sandbox',
  pageSources: SANDBOX_PAGE_SOURCES,
  async createInvoice(payment) {
    return { providerRef: `sbx_inv_${payment.id}` };
  },
};
