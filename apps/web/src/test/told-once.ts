import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { LiveRegionId } from '@/lib/live-announcer';

/**
 * Whether `text` is in one of the page's alerts (Ant Design's messages and notifications are role=alert,
 * read by screen readers as they come) and nowhere in the live announcer, which would read it twice.
 */
export async function toldOnce(text: string) {
  await expect
    .poll(() => screen.queryAllByRole('alert').some((alert) => alert.textContent?.includes(text)))
    .toBe(true);
  expect(document.getElementById(LiveRegionId.polite)).not.toHaveTextContent(text);
  expect(document.getElementById(LiveRegionId.assertive)).not.toHaveTextContent(text);
}
