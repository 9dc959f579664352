import { RolesEditor } from '@/features/roles/components/roles-editor';

/** /admin/roles: roles and their permissions. */
export default function RolesPage() {
  return <RolesEditor />;
}
