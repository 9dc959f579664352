import { useHydrated } from '@/components/client-only';
import { useSiteInfo } from '../api/get-site-info';
import { SiteText } from '../texts';

/** The support address as a mailto link; words naming it while the site's contacts load. */
export function SupportEmailLink() {
  const { data } = useSiteInfo();
  // The footer may have loaded the contacts before this prerendered page is hydrated: the page's
  // HTML has the words, and hydrating it must too.
  const hydrated = useHydrated();
  if (!data || !hydrated) return <>{SiteText.ourSupportAddress}</>;
  return <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>;
}
