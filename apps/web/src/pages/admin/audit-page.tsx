import { AuditLog } from '@/features/audit/components/audit-log';

/** /admin/audit: the audit log. */
export default function AuditPage() {
  return <AuditLog />;
}
