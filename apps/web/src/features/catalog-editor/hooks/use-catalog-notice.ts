import { AdminText } from '@retouch/shared/texts';
import { App } from 'antd';
import { createElement, useMemo } from 'react';

/**
 * The notifications of the catalogue screen: a success names what happened, a failure is titled Ошибка.
 * A failure with a fixed text of the specification may carry the server's reason on a line beside it.
 */
export function useCatalogNotice() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string) => notification.success({ title: text }),
      failure: (text: string, reason?: string) =>
        notification.error({
          title: AdminText.error,
          description: reason
            ? [text, reason].map((line) => createElement('div', { key: line }, line))
            : text,
        }),
      warning: (text: string) => notification.warning({ title: AdminText.warning, description: text }),
    }),
    [notification],
  );
}
