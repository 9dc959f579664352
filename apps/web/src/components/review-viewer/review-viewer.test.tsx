import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewViewer } from './review-viewer';
import { ReviewViewerText, type ReviewViewerTexts } from './review-viewer-texts';
import { preferReducedMotion } from '@/test/viewport';

const BEFORE = '/api/files/original.jpg';
const AFTER = '/api/files/result.jpg';
const text = ReviewViewerText.customer;

function renderViewer(texts: ReviewViewerTexts = text) {
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

  it('says so when the difference cannot be computed (a picture that does not load)', async () => {
    const { user, viewer } = renderViewer();
    await user.click(modeButton(text.difference));
    expect(await viewer.findByText(text.differenceUnavailable)).toBeInTheDocument();
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
    await act(() => vi.advanceTimersByTimeAsync(750));
    fireEvent.click(modeButton(text.blink));
    expect(shownPicture()).toHaveAttribute('alt', text.after);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(shownPicture()).toHaveAttribute('alt', text.before);
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
    // Space on the picture switches too.
    fireEvent.keyDown(screen.getByRole('group', { name: text.blink }), { key: ' ', code: 'Space' });
    expect(shownPicture()).toHaveAttribute('alt', text.after);
  });

  describe('loupe', () => {
    /** Loupe mode over a 1400 x 800 result shown in a 700 x 400 box (at half size). */
    async function openLoupe() {
      const view = renderViewer();
      await view.user.click(modeButton(text.loupe));
      const picture = view.viewer.getByRole('img', { name: text.after });
      Object.defineProperty(picture, 'naturalWidth', { value: 1400 });
      Object.defineProperty(picture, 'naturalHeight', { value: 800 });
      const box = picture.parentElement!;
      vi.spyOn(box, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 700, 400));
      return { ...view, box };
    }
    const lens = () => screen.queryByRole('img', { name: new RegExp(`^${text.loupeLens}`) });

    it('shows the natural pixels under the mouse at 1:1, and goes when the mouse leaves', async () => {
      const { box } = await openLoupe();
      expect(lens()).not.toBeInTheDocument();
      fireEvent.pointerMove(box, { clientX: 350, clientY: 200, pointerType: 'mouse' });
      expect(lens()).toHaveAccessibleName(`${text.loupeLens}: 700, 400`);
      expect(lens()).toHaveStyle({
        left: '270px',
        top: '120px',
        backgroundSize: '1400px 800px',
        backgroundPosition: '-620px -320px',
      });
      fireEvent.pointerLeave(box, { pointerType: 'mouse' });
      expect(lens()).not.toBeInTheDocument();
    });

    it('follows a finger from above it, and stays when the finger lifts', async () => {
      const { box } = await openLoupe();
      expect(box).toHaveStyle({ touchAction: 'none' });
      fireEvent.pointerDown(box, { clientX: 100, clientY: 300, pointerType: 'touch', pointerId: 1 });
      fireEvent.pointerMove(box, { clientX: 120, clientY: 310, pointerType: 'touch', pointerId: 1 });
      expect(lens()).toHaveAccessibleName(`${text.loupeLens}: 240, 620`);
      expect(lens()).toHaveStyle({ left: '40px', top: '110px' });
      fireEvent.pointerUp(box, { pointerType: 'touch', pointerId: 1 });
      fireEvent.pointerLeave(box, { pointerType: 'touch', pointerId: 1 });
      expect(lens()).toBeInTheDocument();
    });

    it('moves with the arrow keys, from the centre of the picture', async () => {
      const { user } = await openLoupe();
      screen.getByRole('group', { name: text.loupe }).focus();
      await user.keyboard('{ArrowRight}');
      expect(lens()).toHaveAccessibleName(`${text.loupeLens}: 720, 400`);
      await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
      expect(lens()).toHaveAccessibleName(`${text.loupeLens}: 720, 300`);
    });

    it('leaves the page free to scroll under a finger in the other modes', async () => {
      const { user, element } = renderViewer();
      for (const mode of [text.blink, text.difference]) {
        await user.click(modeButton(mode));
        for (const node of element.querySelectorAll<HTMLElement>('*')) {
          expect(node.style.touchAction).not.toBe('none');
        }
      }
    });
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
