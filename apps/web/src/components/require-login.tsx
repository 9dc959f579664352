import { CustomerText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { useLeavePath } from '@/lib/session/use-leave-path';
import { useSession } from '@/lib/session/use-session';

/**
 * Renders its content for a logged-in user; sends anyone else to /login and back here afterwards, or
 * after an exit to a plain /login.
 */
export function RequireLogin({ children }: { children: (user: UserInfo) => ReactNode }) {
  const session = useSession();
  const leavePath = useLeavePath(session.loggedIn);
  if (leavePath !== null) return <Navigate to={leavePath} replace />;
  if (session.isLoading) return <PageSpinner />;
  if (!session.user) {
    return (
      <LoadError
        title={CustomerText.somethingWrong}
        retryLabel={CustomerText.tryAgain}
        onRetry={session.refetch}
      />
    );
  }
  return children(session.user);
}
