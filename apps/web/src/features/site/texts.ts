import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { PICTURE_RETENTION_DAYS } from '@retouch/shared/accounts';
import {
  FIRST_RESULT_MINUTES,
  MIN_RETOUCH_PRICE_USD,
  TOKEN_EXPIRY_INACTIVE_YEARS,
} from '@retouch/shared/site';

/** Labels, titles and short copy of the public site (customer side, English). */
export const SiteText = {
  siteName: 'Retouch',
  titleOf: (page: string) => `${page} – Retouch`,
  howToUse: 'How to use',
  // The footer's name of /how-to-use (the specification's word): the editor already links 'How to use'.
  instructions: 'Instructions',
  about: 'About us',
  privacyPolicy: 'Privacy policy',
  termsOfUse: 'Terms of use',
  refundPolicy: 'Refund policy',
  contactUs: 'Contact us',
  // Footer.
  footerLinks: 'Site information',
  support: 'Support',
  postalAddress: 'Postal address',
  loadingContacts: 'Loading contacts',
  contactsUnavailable: 'Write to us through the contact form.',
  ourSupportAddress: 'our support e-mail address',
  copyright: (year: number) => `© ${year} Retouch`,
  // Landing.
  landingDocumentTitle: 'Retouch – photo retouching done by people',
  landingDescription: `Upload a photo, mark the people, choose the retouching and get the first result from ${FIRST_RESULT_MINUTES} minutes. From $${MIN_RETOUCH_PRICE_USD}, round the clock.`,
  retouchPhoto: 'Retouch a photo',
  getTrialTokens: `Sign up and get ${REGISTRATION_BONUS_TOKENS} tokens`,
  benefitsTitle: 'Why Retouch',
  benefits: [
    {
      key: 'speed',
      title: `First result from ${FIRST_RESULT_MINUTES} minutes`,
      text: 'A designer takes your photo as soon as you send it.',
    },
    {
      key: 'price',
      title: `From $${MIN_RETOUCH_PRICE_USD}`,
      text: 'Pay only for the retouching you choose, in tokens.',
    },
    {
      key: 'hours',
      title: 'Round the clock',
      text: 'Designers work day and night, weekends included.',
    },
    {
      key: 'trial',
      title: `${REGISTRATION_BONUS_TOKENS} trial tokens`,
      text: 'Every new account gets them: enough for your first orders.',
    },
  ],
  // Contact form.
  contactDocumentTitle: 'Contact us – Retouch',
  contactDescription: 'Write to the Retouch team: questions about orders, tokens, payments or your account.',
  contactIntro: 'Questions about an order, tokens or your account? Write to us and we will answer by e-mail.',
  name: 'Name',
  email: 'E-mail',
  message: 'Message',
  consentStart: 'I agree to the ',
  consentAnd: ' and the ',
  send: 'Send',
  formLoading: 'Loading the form',
  // Policies.
  photoRetention: `Uploaded photos and history images are kept only ${PICTURE_RETENTION_DAYS} days`,
  noRefunds: 'Refunds are not provided',
  noExchange: 'Purchased tokens cannot be exchanged for money',
  tokenExpiry: `Tokens of an account that has been inactive for ${TOKEN_EXPIRY_INACTIVE_YEARS} year expire`,
  packagesTitle: 'Token packages',
  packagesLoading: 'Loading packages',
  packagesError: 'The packages could not be loaded',
  tryAgain: 'Try again',
  cost: 'Cost',
  tokens: 'Tokens',
  bonus: 'Bonus',
} as const;
