import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BREAKPOINTS } from '@retouch/shared/constants';
import { describe, expect, it } from 'vitest';

// Read from disk: the test run does not process CSS, `?raw` imports included.
const headerCss = readFileSync(path.join(import.meta.dirname, 'app-header.css'), 'utf8');
const footerCss = readFileSync(
  path.join(import.meta.dirname, '../features/site/components/site-footer.css'),
  'utf8',
);

const maxWidths = (css: string) =>
  [...css.matchAll(/@media \(max-width: (\d+)px\)/g)].map((match) => Number(match[1]));

// The frame folds with CSS, so a prerendered page folds before any script runs; its media queries must
// say the breakpoints the scripts use (useMediaQuery with BREAKPOINTS).
describe('the media queries of the customer frame', () => {
  it('fold the header at BREAKPOINTS.mobile', () => {
    expect(maxWidths(headerCss)).toEqual([BREAKPOINTS.mobile]);
  });

  it('stack the footer at BREAKPOINTS.mobile and its links at BREAKPOINTS.mobileButtons', () => {
    expect(maxWidths(footerCss)).toEqual([BREAKPOINTS.mobile, BREAKPOINTS.mobileButtons]);
  });
});
