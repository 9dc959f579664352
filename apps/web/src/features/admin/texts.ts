import { AdminText } from '@retouch/shared/texts';

/** Labels of the admin shell that the specification does not write out; its own texts are `AdminText`. */
export const AdminShellText = {
  /** The phone top bar's button that opens the e-mail, the top bar's controls and the exit. */
  openMenu: 'Меню',
  /** The accessible name of the breadcrumb above each screen. */
  breadcrumb: 'Навигационная цепочка',
  /** An order's details in the breadcrumb and the title, before the order's short id. */
  orderCrumb: 'Заказ',
  /** A failed load of one's permissions, with the status code it returned (back office section 6). */
  permissionsLoadFailed: (status: number | null) =>
    status === null ? 'Не удалось загрузить права' : `Не удалось загрузить права (код ${status})`,
  /** The browser tab of a back-office page: the page, then the panel. */
  documentTitle: (page: string) => `${page} — ${AdminText.panelTitle}`,
} as const;
