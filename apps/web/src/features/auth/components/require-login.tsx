import { CustomerText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { useSession } from '../hooks/use-session';
import { currentExitPath, setExitPath } from '../stores/session-flags';
import { loginPathFor } from '../utils/redirect';

/** Renders its content for a logged-in user; sends anyone else to /login and back here afterwards. */
export function RequireLogin({ children }: { children: (user: UserInfo) => ReactNode }) {
  const location = useLocation();
  const session = useSession();
  // An exit path is used once: after the redirect below has been made.
  useEffect(() => {
    if (!session.loggedIn) setExitPath(null);
  }, [session.loggedIn]);
  if (!session.loggedIn) return <Navigate to={currentExitPath() ?? loginPathFor(location)} replace />;
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
