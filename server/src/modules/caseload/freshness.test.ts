/**
 * The list of what makes a caseload summary stale (freshness.ts) is the database's: every trigger
 * it names exists and bumps the counter it says, and no other caseload trigger exists.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { buildCourse, buildPathway, buildRequirement } from '../pathways/pathways.factories.js';
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

  // Two statements bumping the same schools must lock them in one order, or they can deadlock (two
  // requirement links saved at once once failed with "deadlock detected" on schools).
  it('lock the rows they bump in id order, whatever order the table is scanned in', async () => {
    const low = await h.buildSchool();
    const high = await h.buildSchool();
    // The lower id's row now lies after the higher one's in the table, as updates leave rows.
    await h.db.query('UPDATE schools SET name = name WHERE id = $1', [low.id]);
    const course = await buildCourse(h, low, { courseId: 'LOCK 1' });
    const requirement = await buildRequirement(h, await buildPathway(h, high, { name: 'Lock order' }), { name: 'Lock order' });

    const holder = h.db.createQueryRunner();
    // A connection of its own (no plan cached by earlier statements), reading the table in its
    // physical order, as the planner may choose for a small table.
    const linker = new pg.Client({ connectionString: h.config.databaseUrl });
    await linker.connect();
    try {
      await holder.startTransaction();
      await holder.query('SELECT id FROM schools WHERE id = $1 FOR UPDATE', [high.id]);
      await linker.query('BEGIN');
      await linker.query('SET LOCAL enable_indexscan = off');
      await linker.query('SET LOCAL enable_bitmapscan = off');
      const pid = (await linker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const linking = linker.query('INSERT INTO course_requirements (course_id, requirement_id) VALUES ($1, $2)', [course.id, requirement.id]);
      // The link's trigger waits for the higher school, which the holder has...
      await expect.poll(async () => (await h.db.query('SELECT wait_event_type AS w FROM pg_stat_activity WHERE pid = $1', [pid]))[0]?.w, { timeout: 5000 }).toBe('Lock');
      // ...having locked the lower one first: another session cannot take it.
      const taken = await h.db
        .transaction((m) => m.query('SELECT id FROM schools WHERE id = $1 FOR UPDATE NOWAIT', [low.id]))
        .then(
          () => 'free',
          (e: { driverError?: { code?: string } }) => e.driverError?.code,
        );
      expect(taken).toBe('55P03');
      await holder.rollbackTransaction();
      await linking;
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
      await linker.end();
    }
  });
});
