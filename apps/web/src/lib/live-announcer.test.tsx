import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LiveAnnouncerProvider, LiveRegionId, useAnnounce } from './live-announcer';

function Announcing() {
  const announce = useAnnounce();
  return (
    <>
      <button type="button" onClick={() => announce('Заказ получен')}>
        polite
      </button>
      <button type="button" onClick={() => announce('Осталась минута', 'assertive')}>
        assertive
      </button>
    </>
  );
}

describe('LiveAnnouncerProvider', () => {
  it('keeps both live regions in the page from the start, empty until something is said', () => {
    render(<LiveAnnouncerProvider>{null}</LiveAnnouncerProvider>);
    const polite = document.getElementById(LiveRegionId.polite)!;
    const assertive = document.getElementById(LiveRegionId.assertive)!;
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    // Live without a role: the page's own alert stays the only one there is.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(polite).toBeEmptyDOMElement();
    expect(assertive).toBeEmptyDOMElement();
  });

  it('puts each message in its region, and changes the text when the same message comes again', async () => {
    const user = userEvent.setup();
    render(
      <LiveAnnouncerProvider>
        <Announcing />
      </LiveAnnouncerProvider>,
    );
    const polite = document.getElementById(LiveRegionId.polite)!;
    await user.click(screen.getByRole('button', { name: 'polite' }));
    expect(polite.textContent).toBe('Заказ получен');
    await user.click(screen.getByRole('button', { name: 'polite' }));
    expect(polite.textContent).toBe('Заказ получен\u00a0');
    await user.click(screen.getByRole('button', { name: 'assertive' }));
    expect(document.getElementById(LiveRegionId.assertive)!.textContent).toBe('Осталась минута');
    expect(polite.textContent).toBe('Заказ получен\u00a0');
  });
});
