import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PackageText,
  PaymentText,
  packageBodySchema,
  paymentAmountSchema,
  paymentConfigSchema,
  paymentIntentAnswerSchema,
  productSchema,
  sandboxConfirmAnswerSchema,
  sandboxConfirmSchema,
  webhookReceivedSchema,
} from '@retouch/shared/payments';
import { CatalogNotice, deletedAnswerSchema } from '@retouch/shared/catalog';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { AppError } from '../../lib/app-error';
import { uuidParam } from '../../lib/validation';
import type { PaymentProvider, PaymentProviders } from '../../payments/providers';
import { foreignRequestCheck } from '../../lib/foreign-request';
import { IdempotentScope, answerOnce } from '../idempotency/idempotency.service';
import { keyedRequest, sendAnswer } from '../idempotency/idempotent-reply';
import { renderSandboxInvoice } from './crypto-invoice-page';
import {
  confirmSandboxCard,
  creditPayment,
  findUserPayment,
  handleProviderEvent,
  openCryptoInvoice,
  quoteProduct,
  startCardPayment,
  type PaymentsDeps,
} from './payments.service';
import { createProduct, deleteProduct, listProducts, updateProduct } from './products.service';

/** Provider events can carry long lists of line items; still bounded. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export async function paymentsRoutes(
  fastify: FastifyInstance,
  { providers }: { providers: PaymentProviders },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentsDeps = {
    db: app.db,
    providers,
    taxRate: app.config.TAX_RATE,
    now: () => app.clock.now(),
    log: app.log,
    publishBalance: (userId, balance) => app.realtime.toUser(userId, SocketEvent.balance, balance),
  };
  const editPayConfig = { config: { permission: PermissionSign.editPayConfig } };
  const productId = (params: unknown, name = 'id') => uuidParam(params, name, PaymentText.productNotFound);

  const product = { response: { 200: productSchema, 201: productSchema } };
  app.get('/api/products', { schema: { response: { 200: z.array(productSchema) } } }, () =>
    listProducts(app.db),
  );
  app.post(
    '/api/admin/product',
    { ...editPayConfig, schema: { body: packageBodySchema, ...product } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createProduct(app.db, (await app.requireIdentity(request)).userId, request.body)),
  );
  app.patch(
    '/api/admin/product/:id',
    { ...editPayConfig, schema: { body: packageBodySchema, ...product } },
    async (request) =>
      updateProduct(
        app.db,
        (await app.requireIdentity(request)).userId,
        uuidParam(request.params, 'id', PackageText.notFound),
        request.body,
      ),
  );
  app.delete(
    '/api/admin/product/:id',
    { ...editPayConfig, schema: { response: { 200: deletedAnswerSchema } } },
    async (request) => {
      await deleteProduct(
        app.db,
        (await app.requireIdentity(request)).userId,
        uuidParam(request.params, 'id', PackageText.notFound),
        app.clock.now(),
      );
      return { message: CatalogNotice.deleted };
    },
  );

  app.get('/api/payment/config', { schema: { response: { 200: paymentConfigSchema } } }, () => ({
    publicKey: providers.card.publicKey,
    provider: providers.card.browserForm,
  }));

  app.get('/api/product/:id/tax', { schema: { response: { 200: paymentAmountSchema } } }, async (request) => {
    await app.requireIdentity(request);
    return quoteProduct(deps, productId(request.params));
  });

  app.post(
    '/api/product/:id/buy',
    { config: { idempotent: true }, schema: { response: { 200: paymentIntentAnswerSchema } } },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      const id = productId(request.params);
      const keyed = keyedRequest(request, userId, IdempotentScope.buy, [id]);
      return sendAnswer(
        reply,
        await answerOnce(deps, keyed, 200, (once) => startCardPayment(deps, userId, id, once)),
      );
    },
  );

  app.post(
    '/api/payment/sandbox/confirm',
    {
      config: { signedIn: true },
      // Another card provider has no such page: 404 before the body is read (after the 401 of a visitor).
      preValidation: async () => {
        if (providers.card.name !== 'sandbox') throw AppError.notFound(PaymentText.providerUnavailable);
      },
      schema: { body: sandboxConfirmSchema, response: { 200: sandboxConfirmAnswerSchema } },
    },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return confirmSandboxCard(deps, userId, request.body);
    },
  );

  // The crypto page embedded in the buy dialog: opens (or reuses) an invoice, then shows it. A GET that
  // creates a payment, so a link on another site must not open it (issue 35, item 8).
  const isForeign = foreignRequestCheck(app.config);
  const sameSiteOnly = async (request: FastifyRequest) => {
    if (isForeign(request.raw)) throw AppError.forbidden(PaymentText.invoiceFromOtherSite);
  };
  app.get('/api/payment/:id', { onRequest: sameSiteOnly }, async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    const { payment, invoiceUrl } = await openCryptoInvoice(deps, userId, productId(request.params));
    if (invoiceUrl) return reply.redirect(invoiceUrl, 303);
    return reply.redirect(`/api/payment/invoice/${payment.id}`, 303);
  });

  app.get('/api/payment/invoice/:paymentId', async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    const payment = await findUserPayment(
      deps,
      userId,
      uuidParam(request.params, 'paymentId', PaymentText.paymentNotFound),
    );
    const html = renderSandboxInvoice({
      paymentId: payment.id,
      totalCents: payment.totalCents,
      charge: payment.charge,
      bonus: payment.bonus,
      status: payment.status,
      canSimulate: payment.provider === 'sandbox' && !app.config.isProduction,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  // The invoice page's button is a plain HTML form: it posts an empty urlencoded body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );
  app.post('/api/payment/crypto/:paymentId/simulate', async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    const payment = await findUserPayment(
      deps,
      userId,
      uuidParam(request.params, 'paymentId', PaymentText.paymentNotFound),
    );
    if (payment.provider !== 'sandbox' || payment.method !== 'crypto' || app.config.isProduction) {
      throw AppError.notFound(PaymentText.providerUnavailable);
    }
    await creditPayment(deps, payment.id);
    return reply.redirect(`/api/payment/invoice/${payment.id}`, 303);
  });

  /** The provider verifies and reads its event; the service acts on it. */
  async function receiveEvent(provider: PaymentProvider, request: FastifyRequest) {
    if (!provider.webhook) throw AppError.notFound(PaymentText.providerUnavailable);
    const payload = provider.webhook.verify(request.body as Buffer, request.headers);
    if (payload === undefined) throw AppError.badRequest(PaymentText.signatureInvalid);
    const event = provider.webhook.read(payload);
    if (!event) throw AppError.badRequest(PaymentText.eventInvalid);
    await handleProviderEvent(deps, provider.name, event);
    return { received: true as const };
  }

  // Webhooks verify signatures over the exact bytes received, so they read the raw body.
  await app.register(async (webhooks) => {
    // Replaces the app's JSON parser in this scope only; Stripe's events can pass the app's 64 KB.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    // The specification's paths: the card provider's webhook and the crypto provider's callback.
    const received = { response: { 200: webhookReceivedSchema } };
    webhooks.post('/api/payment/stripe/webhook', { schema: received }, (request) =>
      receiveEvent(providers.card, request),
    );
    webhooks.post('/api/payment/crypto/callback', { schema: received }, (request) =>
      receiveEvent(providers.crypto, request),
    );
  });
}
