import type { MessageAnswer } from '@retouch/shared/users';
import { AdminText } from '@retouch/shared/texts';
import { App } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { useModeratorWorkplace } from './use-moderator-workplace';

/**
 * What follows a decision call: the server's message and a new search when it succeeded, its error
 * titled Ошибка when not. Resolves true on success.
 */
export function useDecisionOutcome() {
  const { orderDecided } = useModeratorWorkplace();
  const { notification } = App.useApp();
  return async (decision: Promise<MessageAnswer>): Promise<boolean> => {
    try {
      const answer = await decision;
      notification.success({ title: answer.message });
      orderDecided();
      return true;
    } catch (error) {
      const description = errorMessage(error, AdminText.somethingWrong);
      notification.error({ title: AdminText.error, description });
      return false;
    }
  };
}
