import { CustomerText } from '@retouch/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setPendingRegistration } from '@/lib/session/pending-registration';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const query = '?userId=3f1c6a5e-8a1b-4d7a-9d59-8c1f0c6f5b11&token=0123456789abcdef0123';

describe('/confirm', () => {
  it('passes the query to the server, shows its message and goes to /login', async () => {
    setPendingRegistration({ message: 'Confirm it', userId: 'u', dateStart: new Date().toISOString() });
    const { callsTo } = mockFetch({
      [`GET /api/email/confirm${query}`]: { body: { message: 'Your email is confirmed.' } },
    });
    const { location } = renderApp(`/confirm${query}`);

    expect(await screen.findByText('Your email is confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    // Once: the confirmation link is single-use.
    expect(callsTo('GET', '/api/email/confirm').map((call) => call.url)).toEqual([
      `/api/email/confirm${query}`,
    ]);
    // Confirmed: the pending banner is gone.
    expect(screen.queryByText('Confirm it')).not.toBeInTheDocument();
  });

  it('shows the error and still goes to /login', async () => {
    mockFetch({
      [`GET /api/email/confirm${query}`]: { status: 400, body: { message: 'The link is invalid' } },
    });
    const { location } = renderApp(`/confirm${query}`);
    expect(await screen.findByText('The link is invalid')).toBeInTheDocument();
    expect(screen.getByText(CustomerText.error)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });
});
