import type { Product } from '@retouch/shared/payments';

/** The cached list with `saved` in it (added or replaced), in the server's order: by cost. */
export function withPackage(list: readonly Product[] = [], saved: Product): Product[] {
  return [...list.filter((product) => product._id !== saved._id), saved].sort((a, b) => a.cost - b.cost);
}
