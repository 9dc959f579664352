const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price in dollars as the dialog shows it: `$4.00`. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
