import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewViewerText } from '@/components/review-viewer/review-viewer-texts';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { ModeratorText } from '../texts';
import { ReviewPictures } from './review-pictures';

const text = ReviewViewerText.staff;
const RESULT = '/api/files/result.jpg';

describe('ReviewPictures', () => {
  // Issue 23: the moderator checks the result in the review viewer, in Russian.
  it('compares the original and the result in the review viewer, its modes in Russian', async () => {
    const user = userEvent.setup();
    render(<ReviewPictures order={aStaffOrder()} result={RESULT} />);
    const section = within(screen.getByRole('region', { name: ModeratorText.originalAndResult }));
    const viewer = within(section.getByRole('region', { name: text.viewer }));
    expect(viewer.getByRole('img', { name: 'До' })).toHaveAttribute('src', '/api/files/original.jpg');
    expect(viewer.getByRole('img', { name: 'После' })).toHaveAttribute('src', RESULT);
    expect(viewer.getByText(text.help)).toBeVisible();

    await user.click(viewer.getByRole('button', { name: text.loupe }));
    expect(viewer.getByRole('img', { name: 'После' })).toHaveAttribute('src', RESULT);
    await user.keyboard('3');
    expect(viewer.getByRole('img', { name: text.differenceMap })).toBeInTheDocument();
    // The draft stays beside it.
    expect(screen.getByRole('img', { name: ModeratorText.draft })).toHaveAttribute(
      'src',
      '/api/files/draft.png',
    );
  });

  it('compares the original and the draft when the designer refused', () => {
    render(<ReviewPictures order={aStaffOrder()} result={null} />);
    const section = within(screen.getByRole('region', { name: ModeratorText.originalAndDraft }));
    const viewer = within(section.getByRole('region', { name: text.viewer }));
    expect(viewer.getByRole('img', { name: 'После' })).toHaveAttribute('src', '/api/files/draft.png');
  });
});
