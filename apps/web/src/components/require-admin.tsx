import { isStaffRole } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { loginPathFor } from '@/lib/session/redirect';
import { useLeavePath } from '@/lib/session/use-leave-path';
import { useSession } from '@/lib/session/use-session';

/**
 * The /admin guard (back office section 2): a customer (role User) goes to /; anyone not logged in,
 * or without the admin flag on the server and the admin marker in localStorage, goes to /login.
 */
export function RequireAdmin({ children }: { children: (user: UserInfo) => ReactNode }) {
  const location = useLocation();
  const session = useSession();
  // An exit goes to a plain /login; a session that expired comes back here after the login.
  const leavePath = useLeavePath(session.loggedIn);
  if (leavePath !== null) return <Navigate to={leavePath} replace />;
  if (session.isLoading) return <PageSpinner />;
  if (session.isError) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={session.refetch} />
    );
  }
  const { user } = session;
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  if (!isStaffRole(user.role.title)) return <Navigate to="/" replace />;
  if (!session.isAdmin || !user.isAdmin) return <Navigate to={loginPathFor(location)} replace />;
  return children(user);
}
