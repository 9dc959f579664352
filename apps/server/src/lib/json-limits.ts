import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

/** The largest JSON request body; multipart uploads have their own limits, webhooks their own. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** The deepest nesting of arrays and objects a JSON input may have; real requests stay under 6. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, found in one pass over the raw
 * text before any parsing: brackets inside strings (escaped quotes included) do not count.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (CLOSERS.has(code) && depth > 0) {
      // Never below zero: a stray closer (invalid JSON anyway) cannot buy extra depth.
      depth -= 1;
    }
  }
  return false;
}

/** Throws the 400 for JSON text nested deeper than MAX_JSON_DEPTH. */
export function assertJsonDepth(text: string): void {
  if (jsonNestsDeeperThan(text)) throw AppError.badRequest(ServerText.jsonTooDeep);
}

/** JSON.parse behind the depth check, for JSON read outside the body parser (form fields, webhooks). */
export function parseJsonText(text: string): unknown {
  assertJsonDepth(text);
  return JSON.parse(text) as unknown;
}
