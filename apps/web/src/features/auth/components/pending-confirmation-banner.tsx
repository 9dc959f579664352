import { resendSecondsLeft, type PendingConfirmation } from '@retouch/shared/auth';
import { CONFIRMATION_RESEND_COOLDOWN_SECONDS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { Alert, App, Button, Tooltip } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { setPendingRegistration } from '@/lib/session/pending-registration';
import { useNow } from '@/lib/use-now';
import { useResendConfirmation } from '../api/resend-confirmation';

/** The 'confirm your e-mail' banner with a Repeat button that waits out the resend cooldown. */
export function PendingConfirmationBanner({ pending }: { pending: PendingConfirmation }) {
  const { notification } = App.useApp();
  const now = useNow();
  const resend = useResendConfirmation();
  const secondsLeft = resendSecondsLeft(pending.dateStart, now, CONFIRMATION_RESEND_COOLDOWN_SECONDS);

  const repeat = () =>
    resend.mutate(pending.userId, {
      onSuccess: ({ message, dateStart }) => {
        setPendingRegistration({ ...pending, message, dateStart });
        notification.success({ title: CustomerText.success, description: message });
      },
      onError: (error) =>
        notification.error({
          title: CustomerText.error,
          description: errorMessage(error, CustomerText.somethingWrong),
        }),
    });

  return (
    <Alert
      type="info"
      showIcon
      title={pending.message}
      data-testid="pending-confirmation"
      style={{ marginBottom: 24 }}
      action={
        <Tooltip title={secondsLeft > 0 ? `${CustomerText.timeLeft}: ${secondsLeft} s` : undefined}>
          <span>
            <Button size="small" disabled={secondsLeft > 0} loading={resend.isPending} onClick={repeat}>
              {CustomerText.repeat}
            </Button>
          </span>
        </Tooltip>
      }
    />
  );
}
