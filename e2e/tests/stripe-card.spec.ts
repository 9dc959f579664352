import { fillLogin } from '../support/customer';
import { ownServer } from '../support/own-server';
import { expect, test } from '../support/test';

// Card payments under our own Content-Security-Policy (issue 35): with Stripe as the card provider the
// page loads Stripe.js from js.stripe.com and its card element in a frame from there. Nothing reaches
// Stripe here: the browser's route interception answers at Stripe's real addresses with a stand-in that
// mounts a frame as the real card element does, so the policy is judged as it would be in production.
const server = ownServer(Number(process.env.E2E_PORT ?? 3100) + 3, {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_retouch_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_retouch_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_retouch_e2e',
});
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ baseURL: server.url });

/**
 * Stripe.js as far as the card form uses it (`Stripe(key).elements().create('card').mount(node)`), with
 * the methods @stripe/react-stripe-js checks for before it takes an object for Stripe.
 */
const STAND_IN_STRIPE_JS = `
  window.Stripe = function Stripe() {
    const element = {
      mount(node) {
        const target = typeof node === 'string' ? document.querySelector(node) : node;
        const frame = document.createElement('iframe');
        frame.src = 'https://js.stripe.com/v3/elements-inner-card.html';
        frame.title = 'Secure card payment input frame';
        target.appendChild(frame);
      },
      on() { return element; },
      off() { return element; },
      once() { return element; },
      update() {},
      unmount() {},
      destroy() {},
    };
    return {
      elements() { return { create() { return element; }, getElement() { return element; }, update() {} }; },
      registerAppInfo() {},
      _registerWrapper() {},
      createToken() { return Promise.resolve({ error: { message: 'stand-in' } }); },
      createPaymentMethod() { return Promise.resolve({ error: { message: 'stand-in' } }); },
      confirmCardPayment() { return Promise.resolve({ error: { message: 'stand-in' } }); },
    };
  };
  window.Stripe.version = 'endive';
`;

test('the card form of Stripe loads under the production Content-Security-Policy, with no violation', async ({
  page,
}) => {
  await page.route('https://js.stripe.com/**', (route) => {
    const isScript = new URL(route.request().url()).pathname.endsWith('.js');
    return route.fulfill(
      isScript
        ? { contentType: 'application/javascript', body: STAND_IN_STRIPE_JS }
        : { contentType: 'text/html', body: '<!doctype html><input aria-label="Card number">' },
    );
  });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

  await page.goto('/login');
  await fillLogin(page, {
    email: 'customer@retouch.local',
    password: process.env.E2E_DEMO_PASSWORD ?? 'customer123',
  });
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('banner').getByRole('button', { name: 'Buy tokens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy tokens' });
  await dialog.getByRole('radio', { name: '100 tokens + 50 bonus for $4.00' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Card', { exact: true }).click();

  const cardFrame = dialog.locator('iframe[src^="https://js.stripe.com/"]');
  await expect(cardFrame).toBeAttached();
  await expect(
    page.frameLocator('iframe[src^="https://js.stripe.com/"]').getByLabel('Card number'),
  ).toBeVisible();
  // The policy is the one production sends: the server's, whatever the environment.
  const policy = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  expect(policy).toContain('https://js.stripe.com');
  expect(policy).not.toMatch(/connect-src[^;]*\bwss?:(?!\/\/)/);
  expect(violations).toEqual([]);
});
