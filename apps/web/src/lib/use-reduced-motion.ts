import { useMediaQuery } from './use-media-query';

/** The media query of a user who asked the system for less motion. */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True while the user asks for reduced motion: nothing then slides, blinks or plays by itself. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
