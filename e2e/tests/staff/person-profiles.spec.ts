import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { AdminPersonProfileText, PersonProfileText } from '@retouch/shared/person-profiles';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { expectBalances, logInNewCustomer, sendOrder } from '../../support/customer';
import { openEditorWithPhoto } from '../../support/editor';
import { Cabinet, designerOnDuty, sendResult } from '../../support/staff';

// Accessible names of /core (apps/web/src/features/editor/texts.ts) and the seeded Skin retouch.
const Editor = {
  send: 'SEND TO RETOUCH',
  confirmTitle: 'Send the order to retouch?',
  confirmSend: 'Send',
};
const skin = { title: 'Skin retouch', cost: 5 };

const serviceCard = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Services' })
    .getByRole('button', { name: new RegExp(`^${title} \\d+ coins?$`) });

/** Picks `option` in the antd select labelled `label` of the dialog. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

test('a customer saves a person profile, applies it to a person of a second order, and the designer sees it as a checklist', async ({
  browser,
}) => {
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await logInNewCustomer(page, 'e2e-profiles');
  const first = await sendOrder(page, `A first order ${Date.now()}`);

  // The profile page: none yet, then Anna with her notes, checklist and default service at a light degree.
  await page.goto('/profile');
  const section = page
    .locator('.ant-card')
    .filter({ has: page.getByText(PersonProfileText.title, { exact: true }) });
  await expect(section.getByText(PersonProfileText.empty)).toBeVisible();
  await section.getByRole('button', { name: PersonProfileText.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(PersonProfileText.name, { exact: true }).fill('Anna');
  await dialog.getByLabel(PersonProfileText.notes).fill('Natural look: no heavy smoothing');
  for (const [index, item] of ['Keep the freckles', 'No body reshaping'].entries()) {
    await dialog.getByRole('button', { name: PersonProfileText.addItem }).click();
    await dialog.getByLabel(`${PersonProfileText.checklist} ${index + 1}`).fill(item);
  }
  await pick(page, PersonProfileText.services, skin.title);
  await page.keyboard.press('Escape');
  await pick(page, PersonProfileText.degree(skin.title), 'Light');
  await dialog.getByRole('button', { name: PersonProfileText.save }).click();
  await expect(dialog).toBeHidden();
  const saved = section.getByRole('listitem', { name: 'Anna' });
  await expect(saved.getByText('Keep the freckles')).toBeVisible();
  await expect(saved.getByText(skin.title)).toBeVisible();

  // The designer goes on duty (the queue emptied: the first order is given back), then the second order comes.
  const designerContext = await browser.newContext();
  const desk = await designerContext.newPage();
  await designerOnDuty(desk);

  await openEditorWithPhoto(page);
  await page.getByTestId('editor-canvas').click({ position: { x: 300, y: 180 } });
  await expect(page.getByRole('radio', { name: 'Person 1' })).toBeChecked();

  // One tap: Person 1 gets Anna's service and carries her notes.
  const picker = page.getByRole('region', { name: PersonProfileText.applyTo('Person 1') });
  await picker.getByRole('button', { name: 'Anna' }).click();
  await expect(picker.getByText(PersonProfileText.appliedTag('Anna'))).toBeVisible();
  await expect(picker.getByText('Natural look: no heavy smoothing')).toBeVisible();
  await expect(serviceCard(page, skin.title)).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('radiogroup', { name: `Degree: ${skin.title}` }).getByRole('radio', { name: 'Light' }),
  ).toBeChecked();

  await page.getByRole('button', { name: Editor.send }).click();
  const confirm = page.getByRole('dialog', { name: Editor.confirmTitle });
  await confirm.getByRole('button', { name: Editor.confirmSend, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/history');
  // The first order was given back by the queue's emptying; the second one is charged.
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS - skin.cost);
  expect(first.orderId).toBeTruthy();

  // The designer has it, with Anna's profile as a checklist beside the customer's comment.
  const profile = desk.getByRole('region', { name: AdminPersonProfileText.title });
  await expect(profile).toBeVisible();
  const anna = profile.getByRole('group', { name: AdminPersonProfileText.forPerson('Person 1', 'Anna') });
  await expect(anna.getByText('Natural look: no heavy smoothing')).toBeVisible();
  const freckles = anna.getByRole('checkbox', { name: 'Keep the freckles' });
  await expect(freckles).not.toBeChecked();
  await anna.getByText('Keep the freckles').click();
  await expect(freckles).toBeChecked();
  await expect(anna.getByRole('checkbox', { name: 'No body reshaping' })).not.toBeChecked();

  // The designer hands the order in and leaves, as the next staff journey expects to find them.
  await sendResult(desk, [60, 120, 200]);
  await desk.getByRole('button', { name: Cabinet.endShift }).click();
  await expect(desk.getByRole('button', { name: Cabinet.startShift })).toBeVisible();
  await designerContext.close();
  await customerContext.close();
});
