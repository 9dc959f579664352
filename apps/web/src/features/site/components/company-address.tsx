import { useSiteInfo } from '../api/get-site-info';

/** The company's postal address; words naming it while the site's contacts load. */
export function CompanyAddress() {
  const { data } = useSiteInfo();
  return <>{data?.companyAddress ?? 'the postal address shown at the bottom of the page'}</>;
}
