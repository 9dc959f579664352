import type { ReactNode } from 'react';
import { useFocusReturn } from '../hooks/use-focus-return';

/** Wraps a dialog shown only while a condition holds: its opener has the focus again once it goes. */
export function ReturnFocus({ children }: { children: ReactNode }) {
  useFocusReturn();
  return children;
}
