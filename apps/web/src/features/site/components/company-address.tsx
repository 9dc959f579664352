import { useHydrated } from '@/components/client-only';
import { useSiteInfo } from '../api/get-site-info';

/** The company's postal address; words naming it while the site's contacts load. */
export function CompanyAddress() {
  const { data } = useSiteInfo();
  // As SupportEmailLink: the words while a prerendered page is hydrated, even with the contacts loaded.
  const hydrated = useHydrated();
  return <>{(hydrated && data?.companyAddress) || 'the postal address shown at the bottom of the page'}</>;
}
