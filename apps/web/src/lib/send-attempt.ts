import { IdempotencyText } from '@retouch/shared/http';
import { useState } from 'react';
import { ApiError } from './api-client';

const SERVER_ERROR = 500;

/**
 * A send that costs or creates money, made safe to repeat: each attempt carries an Idempotency-Key, and
 * a send of the same request after one that got no answer (a network error, a 5xx) is the same attempt,
 * with the same key, so the server answers it from the first if that one went through.
 */
export interface SendAttempt {
  /** Calls `call` with the attempt's key; `parts` say which request it is (compared one by one, `Object.is`). */
  send<T>(parts: readonly unknown[], call: (idempotencyKey: string) => Promise<T>): Promise<T>;
}

/** True when the server answered: the attempt is over, the next send is a new one. */
function answered(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status < SERVER_ERROR && error.message !== IdempotencyText.inProgress
  );
}

const sameParts = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => Object.is(part, b[index]));

/** A random UUID; `crypto.randomUUID` exists only on HTTPS and localhost, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Where an unanswered attempt outlives the page: a reload while a send got no answer sends the same
 * request (told by `parts` of strings and numbers) under the same key. `sessionStorage` of the tab.
 */
export interface AttemptMemory {
  read(): { parts: readonly unknown[]; key: string } | undefined;
  write(open: { parts: readonly unknown[]; key: string } | undefined): void;
}

/** An `AttemptMemory` in this tab's sessionStorage under `name` (nothing where storage is unavailable). */
export function sessionAttemptMemory(name: string): AttemptMemory {
  const storageKey = `retouch.sendAttempt.${name}`;
  return {
    read() {
      try {
        const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
        if (
          stored &&
          typeof stored === 'object' &&
          Array.isArray((stored as { parts?: unknown }).parts) &&
          typeof (stored as { key?: unknown }).key === 'string'
        ) {
          return stored as { parts: unknown[]; key: string };
        }
      } catch {
        // Unreadable: as if none.
      }
      return undefined;
    },
    write(open) {
      try {
        if (open) sessionStorage.setItem(storageKey, JSON.stringify(open));
        else sessionStorage.removeItem(storageKey);
      } catch {
        // Storage full or disabled: the attempt lives in memory only.
      }
    },
  };
}

export function createSendAttempt(
  newKey: () => string = newIdempotencyKey,
  memory?: AttemptMemory,
): SendAttempt {
  let open: { parts: readonly unknown[]; key: string } | undefined = memory?.read();
  return {
    async send(parts, call) {
      if (!open || !sameParts(open.parts, parts)) {
        open = { parts, key: newKey() };
        memory?.write(open);
      }
      const attempt = open;
      const close = () => {
        if (open !== attempt) return;
        open = undefined;
        memory?.write(undefined);
      };
      try {
        const answer = await call(attempt.key);
        close();
        return answer;
      } catch (error) {
        if (answered(error)) close();
        throw error;
      }
    },
  };
}

/**
 * The component's `SendAttempt`, kept across renders (the key of an unanswered send survives them), and
 * across reloads of the tab when it has a `name` (its `parts` must then be strings and numbers).
 */
export function useSendAttempt(name?: string): SendAttempt {
  const [attempt] = useState(() =>
    createSendAttempt(newIdempotencyKey, name ? sessionAttemptMemory(name) : undefined),
  );
  return attempt;
}
