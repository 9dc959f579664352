import { MAX_REVISION_LENGTH, OrderText } from '@retouch/shared/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AntdScope } from '@/components/antd-scope';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import { OrderHistoryText } from '../texts';
import { RevisionForm } from './revision-form';

function openRevisionForm() {
  const api = mockFetch({
    'POST /api/orders/refusal/o-1': { body: { message: 'The order was sent for revision' } },
  });
  const onSent = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider
      client={createQueryClient({ queries: { retry: false }, mutations: { retry: false } })}
    >
      <AntdScope>
        <RevisionForm orderId="o-1" onSent={onSent} />
      </AntdScope>
    </QueryClientProvider>,
  );
  return { ...api, user, onSent };
}

// Customer-side section 5: 'Revision message: required ('Message is required'), maximum 400 characters'.
describe('the revision message', () => {
  it('stops at 400 characters whatever puts them in the box (autofill, a script, an input method)', async () => {
    const { user, callsTo, onSent } = openRevisionForm();
    await user.click(screen.getByRole('button', { name: OrderHistoryText.forRevision }));
    const box = screen.getByRole('textbox');
    // Not typed: such input skips the browser's own maxlength, as it did in the reviewers' walk.
    fireEvent.change(box, { target: { value: 'x'.repeat(450) } });
    expect(box).toHaveValue('x'.repeat(MAX_REVISION_LENGTH));
    expect(screen.getByText(`${MAX_REVISION_LENGTH} / ${MAX_REVISION_LENGTH}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: OrderHistoryText.sendRevision }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(screen.queryByText(OrderText.revisionRequired)).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/orders/refusal/o-1')[0]?.body).toEqual({
      message: 'x'.repeat(MAX_REVISION_LENGTH),
    });
  });

  it('counts a character the way the server does, an emoji as one', async () => {
    const { user } = openRevisionForm();
    await user.click(screen.getByRole('button', { name: OrderHistoryText.forRevision }));
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: '🙂'.repeat(450) } });
    expect(box).toHaveValue('🙂'.repeat(MAX_REVISION_LENGTH));
    expect(screen.getByText(`${MAX_REVISION_LENGTH} / ${MAX_REVISION_LENGTH}`)).toBeInTheDocument();
  });
});
