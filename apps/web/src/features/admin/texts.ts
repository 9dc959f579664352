/** Labels of the admin shell that the specification does not write out; its own texts are `AdminText`. */
export const AdminShellText = {
  /** The phone top bar's button that opens the e-mail, the top bar's controls and the exit. */
  openMenu: 'Меню',
} as const;
