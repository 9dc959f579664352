import { ExecutorResult } from '@retouch/shared/dispatch';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDesignerAttempt, aStaffOrder } from '@/test/staff-order-fixtures';
import { StaffOrderText } from './texts';
import { ReviewHistory } from './review-history';

const resultOf = (id: string) => within(screen.getByText(`${id}@retouch.local`).closest('tr')!);

describe('ReviewHistory', () => {
  it('reads an attempt interrupted by a designer away too long as interrupted, not overdue; the others as before', () => {
    render(
      <ReviewHistory
        order={aStaffOrder({
          processing: [
            aDesignerAttempt('refused', ExecutorResult.refused),
            aDesignerAttempt('completed', ExecutorResult.completed),
            aDesignerAttempt('overdue', ExecutorResult.overdue),
            aDesignerAttempt('interrupted', ExecutorResult.interrupted),
            aDesignerAttempt('running', null),
          ],
        })}
      />,
    );
    expect(resultOf('refused').getByText(StaffOrderText.resultRefused)).toBeInTheDocument();
    expect(resultOf('completed').getByText(StaffOrderText.resultCompleted)).toBeInTheDocument();
    expect(resultOf('overdue').getByText('Просрочен')).toBeInTheDocument();
    expect(resultOf('interrupted').getByText('Прерван (нет связи)')).toBeInTheDocument();
    expect(resultOf('interrupted').queryByText('Просрочен')).not.toBeInTheDocument();
    expect(resultOf('running').getByText(StaffOrderText.resultInWork)).toBeInTheDocument();
  });
});
