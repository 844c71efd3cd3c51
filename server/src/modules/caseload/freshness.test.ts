/**
 * The list of what makes a caseload summary stale (freshness.ts) is the database's: every trigger
 * it names exists and bumps the counter it says, and no other caseload trigger exists.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { STALE_WHEN } from './freshness.js';

const h = useHarness();

describe('caseload freshness triggers', () => {
  it('are exactly the ones freshness.ts lists, each bumping the counter it names', async () => {
    const installed: { table: string; name: string; body: string }[] = await h.db.query(
      `SELECT c.relname AS table, t.tgname AS name, p.prosrc AS body
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND t.tgname LIKE '%caseload%' ORDER BY 1, 2`,
    );
    const listed = STALE_WHEN.flatMap((w) => (w.rowTriggers ?? ['ins', 'upd', 'del'].map((e) => `${w.table}_caseload_${e}`)).map((name) => ({ table: w.table, name })));
    expect(installed.map(({ table, name }) => ({ table, name }))).toEqual(listed.sort((a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name)));
    for (const t of installed) {
      const w = STALE_WHEN.find((x) => x.table === t.table)!;
      const [table, column] = w.bumps.split('.');
      const bump = w.rowTriggers ? `NEW.${column} := OLD.${column} + 1` : `UPDATE ${table} SET ${column} = ${column} + 1`;
      expect(t.body, t.name).toContain(bump);
    }
  });
});
