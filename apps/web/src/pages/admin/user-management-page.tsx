import { UserManagement } from '@/features/user-management/components/user-management';

/** /admin/user-management: the users. */
export default function UserManagementPage() {
  return <UserManagement />;
}
