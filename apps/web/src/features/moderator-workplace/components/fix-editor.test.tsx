import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LiveAnnouncerProvider, LiveRegionId } from '@/lib/live-announcer';
import { createQueryClient } from '@/lib/query-client';
import { ModeratorWorkplaceContext, type ModeratorWorkplace } from '../hooks/use-moderator-workplace';
import { DEFAULT_BRUSH_COLOR } from '../utils/drawing';
import { initialWorkplaceState } from '../utils/workplace-state';
import { ModeratorText } from '../texts';
import { FixEditor } from './fix-editor';

// The drawing stage is the stand-in of test/setup.ts: it lists the region marks it would draw.

const workplace: ModeratorWorkplace = {
  ...initialWorkplaceState,
  online: true,
  goOnDuty: vi.fn(),
  cancelSearch: vi.fn(),
  stopReviewing: vi.fn(),
  orderDecided: vi.fn(),
};

function renderEditor() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <ModeratorWorkplaceContext value={workplace}>
          <LiveAnnouncerProvider>
            <FixEditor picture="/api/files/result.png" onClose={vi.fn()} />
          </LiveAnnouncerProvider>
        </ModeratorWorkplaceContext>
      </App>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('list', { name: 'Drawn region marks' }));
}

describe('FixEditor without a mouse', () => {
  it('marks a region chosen with the arrow keys, with its text, as the stage draws it', async () => {
    const user = userEvent.setup();
    const drawn = renderEditor();
    const grid = screen.getByRole('radiogroup', { name: ModeratorText.region });
    const radios = within(grid).getAllByRole('radio');
    expect(radios).toHaveLength(9);
    expect(within(grid).getByRole('radio', { name: 'Вверху слева' })).toBeChecked();

    // One tab stop for the grid; the arrows move inside it.
    within(grid).getByRole('radio', { name: 'Вверху слева' }).focus();
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{ArrowRight}');
    const corner = within(grid).getByRole('radio', { name: 'Внизу справа' });
    expect(corner).toHaveFocus();
    expect(corner).toBeChecked();
    expect(radios.filter((radio) => radio.tabIndex === 0)).toEqual([corner]);

    await user.tab();
    expect(screen.getByLabelText(ModeratorText.regionMarkText)).toHaveFocus();
    await user.keyboard('Уберите блик{Enter}');

    expect(drawn.getByText(`8 ${DEFAULT_BRUSH_COLOR} Уберите блик`)).toBeInTheDocument();
    expect(screen.getByLabelText(ModeratorText.regionMarkText)).toHaveValue('');
    expect(document.getElementById(LiveRegionId.polite)).toHaveTextContent(
      ModeratorText.regionMarkAdded('Внизу справа'),
    );
  });

  it('adds with the button too, lists the marks and removes one by its labelled button', async () => {
    const user = userEvent.setup();
    const drawn = renderEditor();
    await user.click(screen.getByRole('radio', { name: 'В центре' }));
    await user.click(screen.getByRole('button', { name: ModeratorText.addRegionMark }));
    expect(drawn.getByText(`4 ${DEFAULT_BRUSH_COLOR}`, { exact: false })).toBeInTheDocument();

    const list = within(screen.getByRole('list', { name: ModeratorText.regionMarks }));
    await user.click(list.getByRole('button', { name: ModeratorText.removeRegionMark(1, 'В центре') }));
    expect(drawn.queryAllByRole('listitem')).toHaveLength(0);
    expect(document.getElementById(LiveRegionId.polite)).toHaveTextContent(
      ModeratorText.regionMarkRemoved('В центре'),
    );
  });

  it('opens the brush colour from a button the keyboard reaches', async () => {
    const user = userEvent.setup();
    renderEditor();
    const trigger = screen.getByRole('button', { name: ModeratorText.brushColorValue(DEFAULT_BRUSH_COLOR) });
    trigger.focus();
    await user.keyboard('{Enter}');
    // Its panel opens, with the hue as a slider the arrows move.
    expect((await screen.findAllByRole('slider')).length).toBeGreaterThan(0);
  });
});
