import { ExecutorResult, ReviewResult, type StaffProcessingStep } from '@retouch/shared/dispatch';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDesignerAttempt, aStaffOrder } from '@/test/staff-order-fixtures';
import { StaffOrderText } from './texts';
import { ReviewHistory } from './review-history';

const resultOf = (id: string) => within(screen.getByText(`${id}@retouch.local`).closest('tr')!);

/** A designer's attempt ended with `status` and reviewed by a moderator with `review`. */
function aReviewedAttempt(id: string, status: number, review: number): StaffProcessingStep {
  const attempt = aDesignerAttempt(id, status);
  return {
    ...attempt,
    review: {
      _id: 'moderator-1',
      email: 'moderator@retouch.local',
      dateStart: '2026-11-27T10:31:00.000Z',
      dateEnd: '2026-11-27T10:35:00.000Z',
      result: { status: review, picture: null, message: null },
    },
  };
}

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

  // Back office section 4: "Not agree rejects a refusal"; the moderator's button says «Не согласен». The
  // server records it as review status 0, which on a finished result means sent back for a fix.
  it("reads a moderator's «Не согласен» with a refusal as such, and a fix of a result as «На доработку»", () => {
    render(
      <ReviewHistory
        order={aStaffOrder({
          processing: [
            aReviewedAttempt('refused', ExecutorResult.refused, ReviewResult.fixed),
            aReviewedAttempt('agreed', ExecutorResult.refused, ReviewResult.approved),
            aReviewedAttempt('fixed', ExecutorResult.completed, ReviewResult.fixed),
          ],
        })}
      />,
    );
    expect(resultOf('refused').getByText('Не согласен')).toBeInTheDocument();
    expect(resultOf('refused').queryByText(StaffOrderText.reviewFixed)).not.toBeInTheDocument();
    expect(resultOf('agreed').getByText(StaffOrderText.reviewApproved)).toBeInTheDocument();
    expect(resultOf('fixed').getByText('На доработку')).toBeInTheDocument();
  });
});
