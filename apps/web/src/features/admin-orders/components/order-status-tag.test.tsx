import { orderStatus } from '@retouch/shared/order-status';
import { OrderCondition } from '@retouch/shared/orders';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminOrdersUiText } from '../texts';
import { OrderStatusTag } from './order-status-tag';

const MINUTE = 60_000;
const order = (condition: number, startedMinutesAgo: number | null) => ({
  condition,
  executionTime: 30,
  dateStart:
    startedMinutesAgo === null ? null : new Date(Date.now() - startedMinutesAgo * MINUTE).toISOString(),
});

const tagOf = (shown: ReturnType<typeof order>) => {
  const { container, unmount } = render(<OrderStatusTag order={shown} />);
  const tag = container.querySelector('.ant-tag')!;
  const seen = { text: tag.textContent, warning: tag.classList.contains('ant-tag-warning') };
  unmount();
  return seen;
};

// Back office section 4, the same rule as the customer's history (shared/order-status): "0 | new; looking
// for a designer (0 percent progress, warning style)", "7 | as 0", "1 to 5 | in progress (time-based
// percentage)"; "Conditions 1 to 5 whose remaining time has run out show that the order is being moderated".
describe('the status cell of the orders table', () => {
  it('shows 0 and 7 as looking for a designer, in the warning style', () => {
    for (const condition of [OrderCondition.new, OrderCondition.requeued]) {
      expect(tagOf(order(condition, null))).toEqual({
        text: AdminOrdersUiText.lookingForDesigner,
        warning: true,
      });
    }
  });

  it('shows 1 to 5 in progress with their percentage while time is left, the moderator’s 2 and 3 included', () => {
    for (const condition of [1, 2, 3, 4, 5]) {
      expect(tagOf(order(condition, 15)).text).toBe(`${AdminOrdersUiText.inProgress} · 50%`);
    }
  });

  it('shows 1 to 5 whose remaining time ran out as being moderated, the designer’s 1, 4 and 5 included', () => {
    for (const condition of [1, 2, 3, 4, 5]) {
      expect(tagOf(order(condition, 31)).text).toBe(AdminOrdersUiText.beingModerated);
    }
  });

  it('tells the status of the shared rule, which the customer’s history reads too, for every condition', () => {
    for (const condition of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) {
      for (const minutes of [null, 15, 31]) {
        const shown = order(condition, minutes);
        const { kind } = orderStatus(shown, Date.now());
        expect(tagOf(shown).text?.startsWith(AdminOrdersUiText[kind])).toBe(true);
      }
    }
  });
});
