import { expect, test } from '../../support/test';
import { DispatchText } from '@retouch/shared/dispatch';
import { OrderText } from '@retouch/shared/orders';
import { logInNewCustomer, sendOrder } from '../../support/customer';
import { Cabinet, designerOnDuty, sendResult } from '../../support/staff';

test("a designer on duty receives a customer's order live, sends the result, and the customer sees it move", async ({
  browser,
}) => {
  const designerContext = await browser.newContext();
  const desk = await designerContext.newPage();
  await designerOnDuty(desk);
  await desk.getByRole('button', { name: Cabinet.cancelSearch }).click();
  await expect(desk.getByRole('button', { name: Cabinet.goOnDuty })).toBeVisible();

  // The customer's order waits while nobody searches.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logInNewCustomer(customer, 'e2e-dispatch');
  const message = `Please brighten the smile ${Date.now()}`;
  const { orderId } = await sendOrder(customer, message);
  await customer.goto('/history');
  const row = customer.locator(`tr[data-row-key="${orderId}"]`);
  await expect(row.getByRole('progressbar', { name: OrderText.lookingForDesigner })).toBeVisible();

  // The designer goes on duty and has it at once, with the customer's message; the history moves live.
  await desk.getByRole('button', { name: Cabinet.goOnDuty }).click();
  await expect(desk.getByText(message)).toBeVisible();
  await expect(desk.getByText(DispatchText.orderReceived).first()).toBeVisible();
  await expect(row.getByLabel(OrderText.inProgress)).toBeVisible();

  await sendResult(desk, [30, 160, 90]);
  // The result waits for review: with time left the customer's circle still reads in progress (customer
  // side, section 4: 'The order is being moderated' only once the remaining time ran out).
  await expect(row.getByLabel(OrderText.inProgress)).toBeVisible();
  await expect(customer.getByText(DispatchText.orderSent)).toHaveCount(0);

  await desk.getByRole('button', { name: Cabinet.endShift }).click();
  await expect(desk.getByRole('button', { name: Cabinet.startShift })).toBeVisible();
  await designerContext.close();
  await customerContext.close();
});
