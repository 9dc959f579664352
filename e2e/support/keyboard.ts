import type { Locator } from '@playwright/test';

/** Presses of Tab a journey allows before it says the control is out of the keyboard's reach. */
const TAB_LIMIT = 120;

const holdsFocus = (target: Locator) =>
  target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );

/**
 * Moves the focus to `target` as a keyboard user does, with Tab (Shift+Tab when `backwards`), and fails
 * when it is not reached: a control the keyboard cannot reach is the failure these journeys look for.
 */
export async function tabTo(target: Locator, { backwards = false } = {}) {
  const page = target.page();
  for (let presses = 0; presses < TAB_LIMIT; presses += 1) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (!(await holdsFocus(target))) throw new Error(`Not reached with ${TAB_LIMIT} presses of Tab: ${target}`);
}

/** Whether the focus is inside `container` (a dialog that keeps it). */
export const focusIsInside = holdsFocus;

/** Whether the focus is on the page behind the modal `dialog` (the page's body is the browser's own controls). */
export const focusIsBehind = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const focused = document.activeElement;
    return focused !== null && focused !== document.body && !element.contains(focused);
  });
