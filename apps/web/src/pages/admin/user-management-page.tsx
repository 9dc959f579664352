import { AuditTarget } from '@retouch/shared/audit';
import { AuditTable } from '@/features/audit/components/audit-table';
import { UserManagement } from '@/features/user-management/components/user-management';

/** /admin/user-management: the users, each with its audit log. */
export default function UserManagementPage() {
  return (
    <UserManagement
      renderUserAudit={(userId) => <AuditTable filter={{ targetType: AuditTarget.user, targetId: userId }} />}
    />
  );
}
