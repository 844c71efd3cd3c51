import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The caseload's stamp triggers (server/src/modules/caseload/freshness.ts) lock the rows they bump in
 * id order. 1732300002500/2770 bumped `WHERE id = ANY(<ids sorted>)`, trusting a primary-key scan
 * to take the rows in that order; but the planner may scan the table whole, in the rows' physical
 * order, which every update changes, and a session's cached plan may differ from another's. Two
 * statements bumping the same two schools then locked them in opposite orders and one failed with
 * "deadlock detected ... while locking tuple in relation schools" (two requirement links of one
 * pathway saved at once). Each function now locks its rows first with ORDER BY id FOR NO KEY UPDATE
 * (rows are locked in the sort's order, whatever the plan), then bumps them.
 *
 * Each function is rewritten from its own stored source, so the rest of every body stays exactly as
 * its migration wrote it; a stamp function with a bump this does not recognise stops the migration.
 */
const SORTED_ANY = ' = ANY(ARRAY(SELECT DISTINCT x FROM unnest(ids) x WHERE x IS NOT NULL ORDER BY x));';
const OLD_COMMENT = '-- Sorted: the primary key scan then takes the rows in id order, as other writers do.';
const NEW_COMMENT = '-- Locked in id order first: a scan takes rows in their physical order, which updates change.';

const bump = (table: string, set: string) => ({
  before: `UPDATE ${table} SET ${set} WHERE id${SORTED_ANY}`,
  after: `PERFORM 1 FROM ${table} WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;\n      UPDATE ${table} SET ${set} WHERE id = ANY(ids);`,
});
const BUMPS = [bump('schools', 'rules_version = rules_version + 1'), bump('users', 'caseload_version = caseload_version + 1')];

async function rewrite(q: QueryRunner, direction: 'up' | 'down'): Promise<void> {
  const [from, to] = direction === 'up' ? (['before', 'after'] as const) : (['after', 'before'] as const);
  const [fromComment, toComment] = direction === 'up' ? [OLD_COMMENT, NEW_COMMENT] : [NEW_COMMENT, OLD_COMMENT];
  const functions: { name: string; src: string }[] = await q.query(
    `SELECT p.proname AS name, p.prosrc AS src FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname LIKE '%\\_caseload\\_stamp' AND p.prosrc LIKE '%DECLARE ids int[];%' ORDER BY 1`,
  );
  for (const { name, src } of functions) {
    const found = BUMPS.filter((b) => src.includes(b[from]));
    if (found.length !== 1) throw new Error(`${name}: expected one caseload bump to rewrite, found ${found.length}`);
    const body = src.replace(found[0][from], found[0][to]).replace(fromComment, toComment);
    await q.query(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$${body}$fn$`);
  }
}

export class CaseloadStampLockOrder1732300003600 implements MigrationInterface {
  name = 'CaseloadStampLockOrder1732300003600';

  async up(q: QueryRunner): Promise<void> {
    await rewrite(q, 'up');
  }

  async down(q: QueryRunner): Promise<void> {
    await rewrite(q, 'down');
  }
}
