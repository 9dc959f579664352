/**
 * The pages prerendered at build time (scripts/prerender.ts, decision 29): each is written as its own
 * HTML file holding the visitor's view, with a modulepreload of its page chunk (`source`, the key of
 * Vite's manifest) so that hydrating it waits for nothing else. Every other route gets the app shell.
 */
export const PRERENDERED_PAGES = [
  { path: '/', source: null },
  { path: '/how-to-use', source: 'src/pages/how-to-use-page.tsx' },
  { path: '/about', source: 'src/pages/about-page.tsx' },
  { path: '/portfolio', source: 'src/pages/portfolio-page.tsx' },
  { path: '/privacy-policy', source: 'src/pages/privacy-policy-page.tsx' },
  { path: '/terms-of-use', source: 'src/pages/terms-of-use-page.tsx' },
  { path: '/refund-policy', source: 'src/pages/refund-policy-page.tsx' },
  { path: '/contact-us', source: 'src/pages/contact-us-page.tsx' },
] as const;
