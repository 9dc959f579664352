import { ExecutorResult, type StaffProcessingStep } from '@retouch/shared/dispatch';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { StaffOrderText } from './texts';
import { ReviewHistory } from './review-history';

const anAttempt = (id: string, status: number | null): StaffProcessingStep => ({
  _id: id,
  createdAt: '2026-11-27T10:00:00.000Z',
  client: null,
  executor: {
    _id: 'designer-1',
    email: `${id}@retouch.local`,
    dateStart: '2026-11-27T10:00:00.000Z',
    dateEnd: status === null ? null : '2026-11-27T10:30:00.000Z',
    timeExtension: false,
    result: { status, picture: null, reason: null },
  },
  review: null,
});

const resultOf = (id: string) => within(screen.getByText(`${id}@retouch.local`).closest('tr')!);

describe('ReviewHistory', () => {
  it('reads an attempt interrupted by a designer away too long as interrupted, not overdue; the others as before', () => {
    render(
      <ReviewHistory
        order={aStaffOrder({
          processing: [
            anAttempt('refused', ExecutorResult.refused),
            anAttempt('completed', ExecutorResult.completed),
            anAttempt('overdue', ExecutorResult.overdue),
            anAttempt('interrupted', ExecutorResult.interrupted),
            anAttempt('running', null),
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
