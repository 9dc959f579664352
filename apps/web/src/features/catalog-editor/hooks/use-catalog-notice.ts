import { AdminText } from '@retouch/shared/texts';
import { App } from 'antd';
import { useMemo } from 'react';

/** The notifications of the catalogue screen: a success names what happened, a failure is titled Ошибка. */
export function useCatalogNotice() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string) => notification.success({ title: text }),
      failure: (text: string) => notification.error({ title: AdminText.error, description: text }),
      warning: (text: string) => notification.warning({ title: AdminText.warning, description: text }),
    }),
    [notification],
  );
}
