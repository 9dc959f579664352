import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A table's own scroll box, reachable from the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable):
 * a table wider than the page scrolls inside Ant Design's `.ant-table-content` (or `.ant-table-body`),
 * which the keyboard can scroll only once it has the focus, and a table of plain text has nothing else to
 * focus. Ant Design has no prop for that box, so after each render it is named as a region and put in
 * the tab order here.
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const scrollers = box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body');
    for (const scroller of scrollers ?? []) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    }
  });
  return <div ref={box}>{children}</div>;
}
