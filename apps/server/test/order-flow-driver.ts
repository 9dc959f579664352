import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { findLedgerMismatches, type LedgerMismatch } from '../src/modules/ledger/ledger.repository';
import type { TestApp } from './test-app';

/**
 * Every call the order-flow model test makes into the server other than an HTTP route or a socket
 * event, in one place: when the server's internals move (issue 17 removes the `app.dispatch` and
 * `app.review` decorators), only this file follows them.
 */
export interface OrderFlowDriver {
  /** Moves the server's clock forward. */
  advanceClock(ms: number): void;
  /** One run of the deadline sweeper (what the timer does in production), matching included. */
  sweep(): Promise<void>;
  /** Runs matching of designers and moderators to completion, joining any run already under way. */
  settle(): Promise<void>;
  /** Users whose balance differs from the sum of their ledger rows. */
  ledgerMismatches(): Promise<LedgerMismatch[]>;
  /** Folders under `orders/` in the server's storage holding files but no order of these ids. */
  orphanOrderFolders(orderIds: ReadonlySet<string>): Promise<string[]>;
  /** Removes every stored order picture (between runs, after the orders' rows are gone). */
  clearOrderFiles(): Promise<void>;
}

const ORDER_FOLDER = /^orders\/([^/]+)\//;

export function createOrderFlowDriver(t: TestApp): OrderFlowDriver {
  return {
    advanceClock: (ms) => t.clock.advance(ms),
    sweep: () => t.work.sweep(),
    async settle() {
      await t.work.designers.match();
      await t.work.moderators.match();
    },
    ledgerMismatches: () => findLedgerMismatches(t.db),
    async orphanOrderFolders(orderIds) {
      const orphans: string[] = [];
      // The local disk: one listing of the folders, and a look inside only those without an order.
      if (t.config.STORAGE_DRIVER === 'local') {
        const root = path.join(t.config.DATA_DIR, 'files', 'orders');
        const folders = await readdir(root).catch(() => [] as string[]);
        for (const folder of folders.filter((name) => !orderIds.has(name))) {
          const files = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
          if (files.some((entry) => entry.isFile())) orphans.push(folder);
        }
        return orphans;
      }
      for await (const file of t.app.storage.list('orders/')) {
        const orderId = ORDER_FOLDER.exec(file.key)?.[1];
        if (orderId && !orderIds.has(orderId) && !orphans.includes(orderId)) orphans.push(orderId);
      }
      return orphans;
    },
    async clearOrderFiles() {
      // The local disk drops the emptied folders too, so that later listings stay short.
      if (t.config.STORAGE_DRIVER === 'local') {
        await rm(path.join(t.config.DATA_DIR, 'files', 'orders'), { recursive: true, force: true });
        return;
      }
      const keys: string[] = [];
      for await (const file of t.app.storage.list('orders/')) keys.push(file.key);
      await Promise.all(keys.map((key) => t.app.storage.remove(key)));
    },
  };
}
