import type { Product } from '@retouch/shared/payments';
import { formatUsd } from '@/lib/format-usd';

/**
 * Labels of the buy-tokens dialog (customer side, English); the specification names the steps but gives
 * no wording. Payment notices come from `PaymentText` in the shared package.
 */
export const BuyTokensText = {
  buyTokens: 'Buy tokens',
  choosePackage: 'Choose a package',
  packagesLabel: 'Token packages',
  loadingPackages: 'Loading packages',
  noPackages: 'No packages are available right now',
  packagesLoadFailed: 'The packages could not be loaded',
  tryAgain: 'Try again',
  next: 'Next',
  back: 'Back',
  stepPackage: 'Package',
  stepPayment: 'Payment',
  paymentMethod: 'Payment method',
  card: 'Card',
  crypto: 'Crypto',
  price: 'Price',
  tax: 'Tax',
  total: 'Total',
  loadingPaymentForm: 'Loading the card form',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  cardNumberPlaceholder: '1234 1234 1234 1234',
  expiryPlaceholder: 'MM/YY',
  cvcPlaceholder: '123',
  expiryInvalid: 'Enter the expiry date as MM/YY',
  cvcInvalid: 'Enter the 3 or 4 digits of the CVC',
  pay: 'Pay',
  cryptoFrame: 'Crypto payment',
  cryptoHint: 'The tokens arrive as soon as the payment is confirmed; this window closes by itself.',
} as const;

/** How a package reads: in the list, as the accessible name of its radio, and in the payment step. */
export const PackageLabel = {
  tokens: (charge: number) => `${charge} tokens`,
  bonus: (bonus: number) => `+${bonus} bonus`,
  name: (product: Pick<Product, 'charge' | 'bonus' | 'cost'>) =>
    `${product.charge} tokens${product.bonus > 0 ? ` + ${product.bonus} bonus` : ''} for ${formatUsd(product.cost)}`,
} as const;
