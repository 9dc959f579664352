import type { Page } from '@playwright/test';
import { expect } from './test';

/** The viewports of issue 19: the reviewers' phone and a common laptop. */
export const Viewports = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1366, height: 768 },
} as const;

export interface Overflow {
  /** How far the document scrolls sideways (0 when it fits). */
  pageOverflow: number;
  /** Visible elements whose right edge lies beyond the viewport, or behind a sideways scroll, described. */
  offenders: string[];
}

/**
 * Measures horizontal overflow in the page. An element clipped on purpose by an `overflow: hidden` box that
 * itself fits (a carousel's further slides) is fine; one hidden behind a sideways scroll is not.
 */
export function measureOverflow(page: Page, within = 'body'): Promise<Overflow> {
  return page.evaluate((rootSelector) => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList)
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${id}${classes} right=${right} "${text}"`;
    };
    // Clipped by a box that fits, with no sideways scroll in between (a scroll hides it from view).
    const clippedOnPurpose = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if (overflowX === 'auto' || overflowX === 'scroll') return false;
        const clips = overflowX === 'hidden' || overflowX === 'clip';
        if (clips && box.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const root of Array.from(document.querySelectorAll(rootSelector))) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || rect.right <= width + 1) continue;
        if (getComputedStyle(element).visibility === 'hidden' || clippedOnPurpose(element)) continue;
        offenders.push(describe(element));
      }
    }
    return { pageOverflow: document.documentElement.scrollWidth - window.innerWidth, offenders };
  }, within);
}

/** Waits until the page (or the part named by `within`) fits the viewport's width. */
export async function expectNoHorizontalOverflow(page: Page, within = 'body') {
  await expect.poll(() => measureOverflow(page, within)).toEqual({ pageOverflow: 0, offenders: [] });
}
