import { onTestFinished, vi } from 'vitest';

/**
 * Catches the files the page saves (a blob behind an object URL, clicked on a link with `download`)
 * instead of letting the browser save them, and the errors it logs; undone when the test ends.
 */
export function catchDownloads() {
  const saved: string[] = [];
  let blobs = 0;
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:picture-${++blobs}`);
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.href.startsWith('blob:')) saved.push(this.download);
  });
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  onTestFinished(() => [created, revoked, clicked, logged].forEach((spy) => spy.mockRestore()));
  return { saved, revoked, logged };
}
