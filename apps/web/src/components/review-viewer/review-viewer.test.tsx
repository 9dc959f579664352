import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewViewer } from './review-viewer';
import { ReviewViewerText } from './review-viewer-texts';

const BEFORE = '/api/files/original.jpg';
const AFTER = '/api/files/result.jpg';
const text = ReviewViewerText.customer;

function renderViewer(texts = text) {
  const user = userEvent.setup();
  render(<ReviewViewer before={BEFORE} after={AFTER} texts={texts} />);
  const viewer = screen.getByRole('region', { name: texts.viewer });
  return { user, viewer: within(viewer), element: viewer };
}

const modeButton = (name: string) => screen.getByRole('button', { name });

/** The picture blink mode shows now: the one not hidden. */
function shownPicture() {
  return screen.getByRole('img', { name: new RegExp(`^(${text.before}|${text.after})$`) });
}

/** Answers the reduced-motion query as a user who asked for less motion. */
function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

describe('ReviewViewer', () => {
  it('opens on the before/after slider, its modes as labelled buttons and its keys in a visible help', () => {
    const { viewer } = renderViewer();
    expect(viewer.getByRole('img', { name: text.before })).toHaveAttribute('src', BEFORE);
    expect(viewer.getByRole('img', { name: text.after })).toHaveAttribute('src', AFTER);
    expect(viewer.getByRole('slider', { name: text.compare })).toBeInTheDocument();
    const modes = within(viewer.getByRole('group', { name: text.modes }));
    expect(modes.getByRole('button', { name: text.slider })).toHaveAttribute('aria-pressed', 'true');
    for (const name of [text.blink, text.difference, text.loupe]) {
      expect(modes.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(modes.getByRole('button', { name: text.blink })).toHaveAttribute('aria-keyshortcuts', '2 B');
    expect(viewer.getByText(text.help)).toBeVisible();
  });

  it('switches modes by click', async () => {
    const { user, viewer } = renderViewer();
    await user.click(modeButton(text.difference));
    expect(modeButton(text.difference)).toHaveAttribute('aria-pressed', 'true');
    expect(viewer.getByRole('img', { name: text.differenceMap })).toBeInstanceOf(HTMLCanvasElement);
    expect(viewer.queryByRole('slider')).not.toBeInTheDocument();

    await user.click(modeButton(text.blink));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
    expect(viewer.getByRole('button', { name: text.pause })).toBeInTheDocument();

    await user.click(modeButton(text.loupe));
    expect(viewer.getByRole('img', { name: text.after })).toHaveAttribute('src', AFTER);
    expect(viewer.getByText(text.loupeHint)).toBeInTheDocument();

    await user.click(modeButton(text.slider));
    expect(viewer.getByRole('slider', { name: text.compare })).toBeInTheDocument();
  });

  it('switches modes by the digit and letter keys, whatever the keyboard layout', async () => {
    const { user } = renderViewer();
    modeButton(text.slider).focus();
    await user.keyboard('2');
    expect(modeButton(text.blink)).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('d');
    expect(modeButton(text.difference)).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Shift>}L{/Shift}');
    expect(modeButton(text.loupe)).toHaveAttribute('aria-pressed', 'true');
    // A Russian layout types 'ы' on the S key: the key's place counts.
    fireEvent.keyDown(modeButton(text.loupe), { key: 'ы', code: 'KeyS' });
    expect(modeButton(text.slider)).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('3');
    expect(modeButton(text.difference)).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('1');
    expect(modeButton(text.slider)).toHaveAttribute('aria-pressed', 'true');
  });

  it('leaves keys pressed with Ctrl or Alt to the browser', async () => {
    const { user } = renderViewer();
    modeButton(text.slider).focus();
    await user.keyboard('{Control>}2{/Control}');
    await user.keyboard('{Alt>}d{/Alt}');
    expect(modeButton(text.slider)).toHaveAttribute('aria-pressed', 'true');
  });

  it('moves the divider with the arrow keys from anywhere in the viewer', async () => {
    const { user, viewer } = renderViewer();
    const slider = viewer.getByRole('slider', { name: text.compare });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    modeButton(text.slider).focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '45');
  });

  it('blinks between the result and the original every 500 ms, and pauses with Space or the button', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderViewer();
    fireEvent.click(modeButton(text.blink));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shownPicture()).toHaveAttribute('alt', text.before);
    expect(shownPicture()).toHaveAttribute('src', BEFORE);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(shownPicture()).toHaveAttribute('alt', text.after);

    // Space pauses: the picture stays, and a manual switch is offered.
    fireEvent.keyDown(modeButton(text.blink), { key: ' ', code: 'Space' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
    fireEvent.click(screen.getByRole('button', { name: text.showBefore }));
    expect(shownPicture()).toHaveAttribute('alt', text.before);

    // The button resumes it.
    fireEvent.click(screen.getByRole('button', { name: text.resume }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
    fireEvent.click(screen.getByRole('button', { name: text.pause }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
  });

  it('stops blinking when another mode is chosen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderViewer();
    fireEvent.click(modeButton(text.blink));
    fireEvent.click(modeButton(text.loupe));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not blink by itself for a user who asked for reduced motion: the switch is by hand', async () => {
    preferReducedMotion();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderViewer();
    fireEvent.click(modeButton(text.blink));
    expect(screen.getByText(text.reducedMotion)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.pause })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(shownPicture()).toHaveAttribute('alt', text.after);

    fireEvent.click(screen.getByRole('button', { name: text.showBefore }));
    expect(shownPicture()).toHaveAttribute('alt', text.before);
    // Space switches too.
    fireEvent.keyDown(screen.getByRole('button', { name: text.showAfter }).parentElement!, {
      key: ' ',
      code: 'Space',
    });
    expect(shownPicture()).toHaveAttribute('alt', text.after);
  });

  it('speaks Russian in the back office', () => {
    const staff = ReviewViewerText.staff;
    const { viewer } = renderViewer(staff);
    expect(viewer.getByRole('img', { name: 'До' })).toHaveAttribute('src', BEFORE);
    expect(viewer.getByRole('img', { name: 'После' })).toHaveAttribute('src', AFTER);
    expect(viewer.getByRole('button', { name: staff.difference })).toBeInTheDocument();
    expect(viewer.getByText(staff.help)).toBeVisible();
  });

  it('shows the expired placeholder, and no modes, once the pictures were deleted', () => {
    render(<ReviewViewer before={null} after={AFTER} />);
    expect(screen.getByRole('img', { name: text.expired })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: text.modes })).not.toBeInTheDocument();
  });
});
