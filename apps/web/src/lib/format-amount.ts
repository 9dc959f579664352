const tokens = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Tokens (coins) as the back office shows them, under a label naming the unit: order cost, tips, designer
 * pay and balances. 1250 -> "1 250".
 */
export const formatTokens = (amount: number) => tokens.format(amount);

/** An amount in cents (analytics tips, back office section 9) in dollars: 125 -> "$1.25". */
export const formatCents = (cents: number) => usd.format(cents / 100);
