import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { ModeratorWorkplace } from '@/features/moderator-workplace/components/moderator-workplace';
import { useSession } from '@/lib/session/use-session';

export default function ModerPage() {
  const { permissions, permissionsLoading } = useSession();
  // The sidebar shows this screen with cabinetDesigner (back office section 6); reviewing needs cabinetModer.
  const canReview = permissionsLoading || hasPermission(permissions, PermissionSign.cabinetModer);
  return <ModeratorWorkplace canReview={canReview} />;
}
