import type { KeyboardEvent } from 'react';

const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown']);

/**
 * Keeps arrow keys pressed inside a widget that uses them itself (tabs, the compare slider) away
 * from the carousel, whose keyboard module listens on the whole document.
 */
export function keepArrowKeys(event: KeyboardEvent) {
  if (ARROW_KEYS.has(event.key)) event.stopPropagation();
}
