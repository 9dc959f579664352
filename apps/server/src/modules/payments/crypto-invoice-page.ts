import { createHash } from 'node:crypto';

interface InvoiceView {
  paymentId: string;
  totalCents: number;
  charge: number;
  bonus: number;
  status: string;
  /** Show the button that simulates the on-chain payment (sandbox, outside production). */
  canSimulate: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A sandbox deposit address, stable per payment, shaped like a TRON (USDT TRC-20) address. */
function sandboxAddress(paymentId: string): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const digest = createHash('sha512').update(paymentId).digest();
  return `T${Array.from(digest.subarray(0, 33), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The sandbox crypto invoice: amount, address, status; it refreshes itself while pending. */
export function renderSandboxInvoice(view: InvoiceView): string {
  const amount = (view.totalCents / 100).toFixed(2);
  const paid = view.status === 'succeeded';
  const statusText = paid ? 'Paid' : view.status === 'failed' ? 'Failed' : 'Waiting for payment';
  const simulate =
    view.canSimulate && !paid
      ? `<form method="post" action="/api/payment/crypto/${view.paymentId}/simulate">
           <button type="submit">Simulate the on-chain payment (sandbox)</button>
         </form>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  ${paid ? '' : '<meta http-equiv="refresh" content="5">'}
  <title>Crypto payment</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 24px; color: #1f1f1f; }
    h1 { font-size: 20px; margin: 0 0 16px; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0 0 20px; }
    dt { color: #666; } dd { margin: 0; word-break: break-all; font-weight: 600; }
    .status-succeeded { color: #389e0d; } .status-pending { color: #d48806; } .status-failed { color: #cf1322; }
    button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid #1677ff; background: #1677ff; color: #fff; cursor: pointer; }
    p.note { color: #666; font-size: 13px; }
  </style>
</head>
<body>
  <h1>Crypto payment</h1>
  <dl>
    <dt>Amount</dt><dd>${amount} USD (USDT, TRC-20)</dd>
    <dt>Tokens</dt><dd>${view.charge}${view.bonus ? ` + ${view.bonus} bonus` : ''}</dd>
    <dt>Address</dt><dd><code>${escapeHtml(sandboxAddress(view.paymentId))}</code></dd>
    <dt>Status</dt><dd class="status-${escapeHtml(view.status)}" role="status">${statusText}</dd>
  </dl>
  ${simulate}
  <p class="note">Send exactly the amount to the address. The tokens arrive when the payment is confirmed.</p>
</body>
</html>`;
}
