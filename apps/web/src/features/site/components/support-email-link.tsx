import { useSiteInfo } from '../api/get-site-info';
import { SiteText } from '../texts';

/** The support address as a mailto link; words naming it while the site's contacts load. */
export function SupportEmailLink() {
  const { data } = useSiteInfo();
  if (!data) return <>{SiteText.ourSupportAddress}</>;
  return <a href={`mailto:${data.supportEmail}`}>{data.supportEmail}</a>;
}
