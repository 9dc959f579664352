/** Texts of the portfolio page (customer side, English); the specification gives none. */
export const PortfolioText = {
  navLabel: 'Portfolio',
  heading: 'Portfolio',
  documentTitle: 'Portfolio – Retouch',
  description:
    'What the Retouch designers do: every retouching service with its price in tokens and a before and after.',
  empty: 'No services yet',
  loading: 'Loading services',
  untitledGroup: 'Other services',
  servicesOf: (group: string) => `Services: ${group}`,
  previousService: 'Previous service',
  nextService: 'Next service',
  cost: (tokens: number) => (tokens === 1 ? '1 token' : `${tokens} tokens`),
} as const;
