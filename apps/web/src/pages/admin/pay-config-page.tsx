import { PackagesEditor } from '@/features/packages-admin/components/packages-editor';

/** /admin/pay-config: the token packages. */
export default function PayConfigPage() {
  return <PackagesEditor />;
}
