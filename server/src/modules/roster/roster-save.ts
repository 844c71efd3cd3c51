/**
 * Saves one batch of staged roster rows with a fixed number of statements, whatever the batch's
 * size: the accounts are matched in one query, then one multi-row statement each updates,
 * deactivates, creates, adds memberships, links parents and queues welcome emails. Accounts are
 * keyed by (school, sourcedId); a row without a match by sourcedId takes the school's account of
 * the same email and kind (the students CSV's rule), and never an account of another school or kind
 * (one neutral message, so staff of one school learn nothing about another school's people).
 *
 * - A deactivating row (status=tobedeleted or enabledUser=false) sets users.deactivated_at, and
 *   ends the person's sessions and set-password links; the account and its data stay. A later
 *   active row for the same sourcedId clears it (reactivated). A deactivating row for nobody known
 *   does nothing.
 * - A parent is linked to the students of their school named in agentSourcedIds (students are saved
 *   before parents: the stager orders them so); a re-import drops links to rostered students the
 *   file no longer names, and keeps links made with a parent code to students without a sourcedId.
 * - New accounts get the set-password email, except people who sign in with the district's
 *   provider (OIDC_ISSUER set and their email's domain in OIDC_ALLOWED_DOMAINS).
 */
import type { EntityManager } from 'typeorm';
import type { AccountsService } from '../accounts/accounts.service.js';
import { UserType } from '../accounts/user.entity.js';
import { defaultYearLabels, type SchoolType } from '../schools/school.entity.js';
import type { RosterIssue, RosterNotice, StagedPerson } from './roster-staging.js';
import { because, rowReason, type ReasonMessage } from '../../core/errors.js';

export const SAVE_MESSAGES = {
  emailTaken: because('ROW_EMAIL_TAKEN'),
  otherKind: because('ROW_OTHER_KIND'),
  emailRequired: because('ROW_EMAIL_REQUIRED'),
  notLinked: (ids: string[]) => because('ROW_NOT_LINKED', { ids: ids.join(', ') }),
} as const;

export interface SaveCounts {
  created: number;
  updated: number;
  emailed: number;
  deactivated: number;
  reactivated: number;
}

export interface SaveDeps {
  accounts: Pick<AccountsService, 'newParentCodes' | 'enqueueSetPasswordLinks'>;
  /** True when the person signs in with the district's provider (no set-password email). */
  signsInWithProvider(email: string): boolean;
}

interface Existing {
  id: number;
  email: string;
  user_type: number;
  school_id: number | null;
  sourced_id: string | null;
  deactivated: boolean;
}

/** What a batch did: counts, rows not saved (issues), and rows saved with a notice. */
export interface SaveResult {
  counts: SaveCounts;
  issues: RosterIssue[];
  notices: RosterNotice[];
}

export async function saveBatch(m: EntityManager, batch: StagedPerson[], deps: SaveDeps): Promise<SaveResult> {
  const counts: SaveCounts = { created: 0, updated: 0, emailed: 0, deactivated: 0, reactivated: 0 };
  const issues: RosterIssue[] = [];
  const notices: RosterNotice[] = [];
  if (!batch.length) return { counts, issues, notices };
  const issue = (p: StagedPerson, why: ReasonMessage) => issues.push({ line: p.line, sourced_id: p.sourcedId, email: p.email, ...rowReason(why) });

  // The batch's schools, locked in id order: imports of one school never interleave inside a batch.
  const schools: { id: number; name: string; school_type: SchoolType }[] = await m.query(
    `SELECT id, name, school_type FROM schools WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [[...new Set(batch.map((p) => p.schoolId))]],
  );
  const schoolById = new Map(schools.map((s) => [s.id, s]));

  const keyed = batch.filter((p) => p.sourcedId);
  // By index, whatever the school's size: (school, sourcedId) through users_school_sourced_id_idx
  // (a join, with sourced_id IS NOT NULL for the partial index), emails through users_email_key; an
  // OR of the two read every user of the table.
  const existing: Existing[] = await m.query(
    `SELECT id, email, user_type, school_id, sourced_id, deactivated_at IS NOT NULL AS deactivated FROM users
      WHERE id IN (
        SELECT u.id FROM unnest($1::int[], $2::text[]) AS k(school_id, sourced_id)
          JOIN users u ON u.school_id = k.school_id AND u.sourced_id = k.sourced_id AND u.sourced_id IS NOT NULL
        UNION SELECT id FROM users WHERE email = ANY($3::text[]))`,
    [keyed.map((p) => p.schoolId), keyed.map((p) => p.sourcedId), batch.map((p) => p.email).filter(Boolean)],
  );
  const bySourced = new Map(existing.filter((e) => e.sourced_id).map((e) => [`${e.school_id}:${e.sourced_id}`, e]));
  const byEmail = new Map(existing.map((e) => [e.email, e]));

  const updates: { id: number; first_name: string; last_name: string; email: string; grade: string | null; sourced_id: string | null }[] = [];
  const deactivate: number[] = [];
  const creates: StagedPerson[] = [];
  const parentIds = new Map<StagedPerson, number>();
  for (const p of batch) {
    const mine = p.sourcedId ? bySourced.get(`${p.schoolId}:${p.sourcedId}`) : undefined;
    if (!p.active) {
      if (mine && !mine.deactivated) {
        deactivate.push(mine.id);
        counts.deactivated += 1;
      }
      continue;
    }
    const other = p.email ? byEmail.get(p.email) : undefined;
    const target = mine ?? other;
    if (!target) {
      if (!p.email) issue(p, SAVE_MESSAGES.emailRequired);
      else creates.push(p);
      continue;
    }
    if (target.school_id !== p.schoolId || (other && other.id !== target.id)) {
      issue(p, SAVE_MESSAGES.emailTaken);
      continue;
    }
    if (target.user_type !== p.userType) {
      issue(p, mine ? SAVE_MESSAGES.otherKind : SAVE_MESSAGES.emailTaken);
      continue;
    }
    updates.push({
      id: target.id,
      first_name: p.givenName,
      last_name: p.familyName,
      email: p.email || target.email,
      grade: p.grade,
      sourced_id: p.sourcedId || target.sourced_id,
    });
    counts.updated += 1;
    if (target.deactivated) counts.reactivated += 1;
    if (p.userType === UserType.Parent) parentIds.set(p, target.id);
  }

  if (updates.length) {
    await m.query(
      `UPDATE users u SET first_name = v.first_name, last_name = v.last_name, email = v.email, sourced_id = v.sourced_id,
              grade = CASE WHEN u.user_type = ${UserType.Student} THEN v.grade ELSE u.grade END, deactivated_at = NULL
         FROM jsonb_to_recordset($1::jsonb) AS v(id int, first_name text, last_name text, email text, grade text, sourced_id text)
        WHERE u.id = v.id`,
      [JSON.stringify(updates)],
    );
  }
  if (deactivate.length) {
    // One statement: the account, its sessions (and view-as tokens acting for it), its set-password links.
    await m.query(
      `WITH people AS (UPDATE users SET deactivated_at = now() WHERE id = ANY($1::int[]) AND deactivated_at IS NULL RETURNING id),
            sessions AS (UPDATE auth_tokens SET revoked_at = now() WHERE (user_id = ANY($1::int[]) OR acting_user_id = ANY($1::int[])) AND revoked_at IS NULL)
       UPDATE password_resets SET used_at = now() WHERE user_id = ANY($1::int[]) AND used_at IS NULL`,
      [deactivate],
    );
  }

  if (creates.length) {
    const codes = await deps.accounts.newParentCodes(m, creates.filter((p) => p.userType === UserType.Student).length);
    const rows = creates.map((p) => ({
      email: p.email,
      first_name: p.givenName,
      last_name: p.familyName,
      user_type: p.userType,
      school_id: p.schoolId,
      grade: p.userType === UserType.Student ? p.grade : null,
      parent_code: p.userType === UserType.Student ? codes.pop()! : null,
      labels: p.userType === UserType.Student ? defaultYearLabels(schoolById.get(p.schoolId)!.school_type) : [],
      sourced_id: p.sourcedId || null,
    }));
    // ON CONFLICT DO NOTHING: an email taken meanwhile (another school's import) is that row's error, not the batch's.
    const made: { id: number; email: string }[] = await m.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, school_id, grade, parent_code, academic_year_labels, sourced_id)
       SELECT v.email, '', v.first_name, v.last_name, v.user_type, v.school_id, v.grade, v.parent_code, v.labels, v.sourced_id
         FROM jsonb_to_recordset($1::jsonb) AS v(email text, first_name text, last_name text, user_type smallint, school_id int,
                                                 grade text, parent_code text, labels jsonb, sourced_id text)
       ON CONFLICT DO NOTHING RETURNING id, email`,
      [JSON.stringify(rows)],
    );
    const idOf = new Map(made.map((r) => [r.email, r.id]));
    const welcome: Parameters<SaveDeps['accounts']['enqueueSetPasswordLinks']>[0] = [];
    const members: [number, number][] = [];
    for (const p of creates) {
      const id = idOf.get(p.email);
      if (!id) {
        issue(p, SAVE_MESSAGES.emailTaken);
        continue;
      }
      counts.created += 1;
      members.push([id, p.schoolId]);
      if (p.userType === UserType.Parent) parentIds.set(p, id);
      if (!deps.signsInWithProvider(p.email)) welcome.push({ user: { id, email: p.email, firstName: p.givenName }, school: schoolById.get(p.schoolId)! });
    }
    if (members.length) {
      await m.query(`INSERT INTO school_memberships (user_id, school_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`, [
        members.map((x) => x[0]),
        members.map((x) => x[1]),
      ]);
    }
    await deps.accounts.enqueueSetPasswordLinks(welcome, m);
    counts.emailed += welcome.length;
  }

  if (parentIds.size) notices.push(...(await linkParents(m, parentIds)));
  return { counts, issues, notices };
}

/**
 * Links each parent to the students named in agentSourcedIds, and drops links to rostered students
 * no longer named; a parent naming a student the school lacks is saved, with a notice.
 */
async function linkParents(m: EntityManager, parents: Map<StagedPerson, number>): Promise<RosterNotice[]> {
  const wanted = [...parents].flatMap(([p]) => p.agents.map((a) => ({ school: p.schoolId, sourced: a })));
  // The kind is checked here, not in SQL: a condition on user_type makes the planner read the
  // school's students through users_school_type_idx instead of one row per key.
  const named: { id: number; school_id: number; sourced_id: string; user_type: number }[] = wanted.length
    ? await m.query(
        `SELECT u.id, u.school_id, u.sourced_id, u.user_type FROM unnest($1::int[], $2::text[]) AS k(school_id, sourced_id)
         JOIN users u ON u.school_id = k.school_id AND u.sourced_id = k.sourced_id AND u.sourced_id IS NOT NULL`,
        [wanted.map((w) => w.school), wanted.map((w) => w.sourced)],
      )
    : [];
  const students = named.filter((s) => s.user_type === UserType.Student);
  const studentOf = new Map(students.map((s) => [`${s.school_id}:${s.sourced_id}`, s.id]));
  const links: [number, number][] = [];
  const notices: RosterNotice[] = [];
  for (const [p, parentId] of parents) {
    const missing: string[] = [];
    for (const a of p.agents) {
      const sid = studentOf.get(`${p.schoolId}:${a}`);
      if (sid) links.push([parentId, sid]);
      else missing.push(a);
    }
    if (missing.length) notices.push({ line: p.line, sourced_id: p.sourcedId, ...rowReason(SAVE_MESSAGES.notLinked(missing)) });
  }
  const parentList = [...parents.values()];
  await m.query(
    `WITH dropped AS (
       DELETE FROM parent_student_links l USING users s
        WHERE s.id = l.student_id AND l.parent_id = ANY($1::int[]) AND s.sourced_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM unnest($2::int[], $3::int[]) AS k(parent_id, student_id) WHERE k.parent_id = l.parent_id AND k.student_id = l.student_id))
     INSERT INTO parent_student_links (parent_id, student_id) SELECT * FROM unnest($2::int[], $3::int[]) ON CONFLICT (parent_id, student_id) DO NOTHING`,
    [parentList, links.map((l) => l[0]), links.map((l) => l[1])],
  );
  return notices;
}
