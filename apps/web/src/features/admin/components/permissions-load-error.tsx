import { AdminText } from '@retouch/shared/texts';
import { LoadError } from '@/components/load-error';
import { useSession } from '@/lib/session/use-session';
import { AdminShellText } from '../texts';

/**
 * One's permissions could not be loaded: the status code the load returned (back office section 6) and
 * a way to load them again, instead of a refusal or "none granted" that would not be true.
 */
export function PermissionsLoadError({ status }: { status: number | null }) {
  const { reloadPermissions } = useSession();
  return (
    <LoadError
      title={AdminText.somethingWrong}
      subTitle={AdminShellText.permissionsLoadFailed(status)}
      retryLabel={AdminText.tryAgain}
      onRetry={reloadPermissions}
    />
  );
}
