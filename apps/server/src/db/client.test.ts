import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { COLD_EMBEDDED_START_MS } from '../../test/limits';

describe('the embedded database', () => {
  // PostgreSQL's 128 MB default pool is touched whole at start, inside the server's own process: the
  // server idled at 480 MB instead of about 360 (issue 20, docs/decisions/0030).
  it(
    'keeps a 16 MB buffer pool in the server’s memory',
    async () => {
      const database = await openDatabase({});
      try {
        const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: Array<{ shared_buffers: string }>;
        };
        expect(result.rows[0]!.shared_buffers).toBe('16MB');
      } finally {
        await database.close();
      }
    },
    COLD_EMBEDDED_START_MS,
  );
});
