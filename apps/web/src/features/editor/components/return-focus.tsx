import type { ReactNode } from 'react';
import { useFocusReturn } from '../hooks/use-focus-return';

interface ReturnFocusProps {
  children: ReactNode;
  /** Where the focus goes when the dialog's opener went with it. */
  fallback?: () => HTMLElement | null;
}

/** Wraps a dialog shown only while a condition holds: its opener has the focus again once it goes. */
export function ReturnFocus({ children, fallback }: ReturnFocusProps) {
  useFocusReturn(fallback);
  return children;
}
