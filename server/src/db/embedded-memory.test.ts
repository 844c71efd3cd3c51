/** The embedded database's memory setting (EMBEDDED_SHARED_BUFFERS in database.ts: why 32MB). */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbedded } from './database.js';

describe('the embedded database', () => {
  it("runs with 32MB of shared buffers, not PostgreSQL's 128MB", async () => {
    const embedded = await startEmbedded('memory://');
    const client = new pg.Client({ connectionString: embedded.url });
    try {
      await client.connect();
      const { rows } = await client.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0].shared_buffers).toBe('32MB');
    } finally {
      await client.end();
      await embedded.stop();
    }
  });
});
