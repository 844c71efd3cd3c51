/**
 * The built-in test checkout's sessions in PostgreSQL (test_checkout_sessions), so every replica
 * of the app sees a checkout another one started, and a restart does not lose it.
 */
import type { DataSource } from 'typeorm';
import { hasNul } from '../../core/validation.js';
import type { StandInSession, StandInStore } from './stripe-standin.js';

export function testCheckoutStore(db: DataSource): StandInStore {
  return {
    async save(session) {
      await db.query(
        `INSERT INTO test_checkout_sessions (id, data, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
        [session.id, JSON.stringify(session)],
      );
    },
    async load(id) {
      // A NUL cannot be stored in PostgreSQL text: no such session (found by the bad-input fuzz test).
      if (hasNul(id)) return null;
      const rows: { data: StandInSession }[] = await db.query(`SELECT data FROM test_checkout_sessions WHERE id = $1`, [id]);
      return rows[0]?.data ?? null;
    },
  };
}
