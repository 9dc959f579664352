/** The `redirect` query value as a same-site path, or '/' when it is missing or points elsewhere. */
export function safeRedirectPath(value: string | null): string {
  if (!value?.startsWith('/')) return '/';
  const url = new URL(value, window.location.origin);
  if (url.origin !== window.location.origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login route that brings the visitor back to `location` afterwards. */
export function loginPathFor({ pathname, search }: { pathname: string; search: string }): string {
  const target = encodeURIComponent(`${pathname}${search}`).replace(/%2F/gi, '/');
  return `/login?redirect=${target}`;
}
