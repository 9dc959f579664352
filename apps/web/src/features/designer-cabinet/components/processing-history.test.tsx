import { ExecutorResult } from '@retouch/shared/dispatch';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDesignerAttempt, aStaffOrder } from '@/test/staff-order-fixtures';
import { DesignerText } from '../texts';
import { ProcessingHistory } from './processing-history';

const resultOf = (id: string) => within(screen.getByText(`${id}@retouch.local`).closest('tr')!);

describe('ProcessingHistory', () => {
  it('reads an attempt interrupted by a designer away too long as interrupted, not overdue; the others as before', () => {
    render(
      <ProcessingHistory
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
    expect(resultOf('refused').getByText(DesignerText.resultRefused)).toBeInTheDocument();
    expect(resultOf('completed').getByText(DesignerText.resultCompleted)).toBeInTheDocument();
    expect(resultOf('overdue').getByText('Просрочен')).toBeInTheDocument();
    expect(resultOf('interrupted').getByText('Прерван (нет связи)')).toBeInTheDocument();
    expect(resultOf('interrupted').queryByText('Просрочен')).not.toBeInTheDocument();
    expect(resultOf('running').getByText(DesignerText.resultInWork)).toBeInTheDocument();
  });
});
