import { SiteSettingsEditor } from '@/features/site-settings/components/site-settings-editor';

/** /admin/site-settings: the site settings. */
export default function SiteSettingsPage() {
  return <SiteSettingsEditor />;
}
