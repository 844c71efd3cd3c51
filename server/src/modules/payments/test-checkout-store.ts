/**
 * The built-in test checkout's sessions in PostgreSQL (test_checkout_sessions), so every replica
 * of the app sees a checkout another one started, and a restart does not lose it.
 */
import type { DataSource } from 'typeorm';
import { hasNul } from '../../core/validation.js';
import type { StandInIntent, StandInSession, StandInStore } from './stripe-standin.js';

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
      // PostgreSQL text cannot hold a NUL: no such session (found by the bad-input fuzz test).
      if (hasNul(id)) return null;
      const rows: { data: StandInSession }[] = await db.query(`SELECT data FROM test_checkout_sessions WHERE id = $1`, [id]);
      return rows[0]?.data ?? null;
    },
    // Payment intents share the table: their ids (pi_...) never meet a session's (cs_test_...).
    async saveIntent(intent) {
      await db.query(
        `INSERT INTO test_checkout_sessions (id, data, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
        [intent.id, JSON.stringify(intent)],
      );
    },
    async loadIntent(id) {
      if (hasNul(id) || !id.startsWith('pi_')) return null;
      const rows: { data: StandInIntent }[] = await db.query(`SELECT data FROM test_checkout_sessions WHERE id = $1`, [id]);
      return rows[0]?.data ?? null;
    },
  };
}
