import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { useSession } from '@/features/auth/hooks/use-session';
import { ModeratorWorkplace } from '@/features/moderator-workplace/components/moderator-workplace';

export default function ModerPage() {
  const { permissions, permissionsLoading } = useSession();
  // The sidebar shows this screen with cabinetDesigner (back office section 6); reviewing needs cabinetModer.
  const canReview = permissionsLoading || hasPermission(permissions, PermissionSign.cabinetModer);
  return <ModeratorWorkplace canReview={canReview} />;
}
