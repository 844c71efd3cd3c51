/**
 * Roster import: staff upload a OneRoster-style students CSV (sourcedId, givenName, familyName,
 * email, grade) that creates or updates student accounts in the staff member's school and emails
 * each new student a set-password link (through the outbox, with the password-reset machinery).
 * Rows are read with the course import's CSV reader (courses/csv.ts).
 *
 * Decisions (not shown in the spec):
 * - Columns are matched by name, case-insensitively and in any order; other OneRoster columns are
 *   ignored, except `role`: a row whose role is not "student" is rejected.
 * - A row updates the student of this school with the same sourcedId, else the account with the
 *   same email; an email that belongs to a non-student or to another school's account is rejected
 *   (it is never moved between schools) with one neutral message, the same whatever that account
 *   is, so staff of one school cannot tell another school's students from its staff or parents.
 * - Only new accounts get an email; updated students already have one. Links last 7 days.
 * - Valid rows are saved and bad rows listed with their line and reason (like the course import).
 * - The upload is checked at once (file type, size, header, row count: a 400 with the reason), then
 *   stored (roster_imports) and processed by a job on the queue: rows are saved in batches of
 *   ROSTER_BATCH_SIZE, each batch in one transaction together with the import's progress (rows
 *   done of total, counts, per-row errors), so a worker stopped or restarted mid-import resumes
 *   after the last saved batch and never saves a row twice. Within a batch the school's row is
 *   locked: imports of one school never interleave inside a batch.
 * - Rows rejected while reading the file count as done at once; the stored file is dropped once
 *   the import is finished. Staff of the school see the import's progress and result.
 * - Grades: 1 to 12, leading zeros dropped ("09" is 9); KG is kept as K; empty leaves it unset.
 * - The upload size limit is the course CSV's (COURSE_CSV_MAX_BYTES).
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { badInput, notFound } from '../../core/errors.js';
import { parseUuid } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { returnedRows } from '../../core/returned-rows.js';
import { enqueueJob, JobInterrupted, stopIfAsked, type JobRow } from '../jobs/job-queue.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { can, ROSTER_POLICY_MESSAGES } from './roster.policy.js';
import { hasNul } from '../../core/validation.js';
import { looksLikeEmail } from '@planner/shared/password';
import type { AccountsService } from '../accounts/accounts.service.js';
import { User, UserType } from '../accounts/user.entity.js';
import { CsvSyntaxError, parseCsv } from '../courses/csv.js';
import { defaultYearLabels, School, SchoolMembership } from '../schools/school.entity.js';

export const ROSTER_COLUMNS = ['sourcedId', 'givenName', 'familyName', 'email', 'grade'] as const;
export const ROSTER_MESSAGES = {
  noSchool: 'Join or create a school before importing a roster.',
  fileMissing: 'Choose a CSV file to upload (form field "file").',
  notCsv: 'The file is not a CSV file: choose a .csv file saved as UTF-8 text.',
  emptyFile: 'The file is empty.',
  header: `The first line must name the columns: ${ROSTER_COLUMNS.join(', ')}.`,
  tooManyRows: 'The file has more than 20,000 students: split it into smaller files.',
  emailTaken: 'This email is already used by another account.',
  ...ROSTER_POLICY_MESSAGES,
  failed: 'The import stopped before the end. Rows already saved are kept; upload the file again to finish it.',
} as const;
export const ROSTER_IMPORT_QUEUE = 'roster.import';
const MAX_ROWS = 20_000;

export interface RosterIssue {
  line: number;
  sourced_id: string;
  email: string;
  message: string;
}

export type RosterImportState = 'queued' | 'running' | 'done' | 'failed';

/** An import and its progress: rows done of total, and once done, the counts and rejected rows. */
export interface RosterImportView {
  id: string;
  state: RosterImportState;
  totalRows: number;
  doneRows: number;
  created: number;
  updated: number;
  /** Set-password emails queued (one per new account). */
  emailed: number;
  errors: RosterIssue[];
  /** Why the import stopped, when it failed. */
  error: string | null;
}

interface ImportRow {
  id: string;
  school_id: number;
  state: RosterImportState;
  csv: string | null;
  total_rows: number;
  done_rows: number;
  next_row: number;
  created: number;
  updated: number;
  emailed: number;
  errors: RosterIssue[];
  error: string | null;
}

interface BatchCounts {
  created: number;
  updated: number;
  emailed: number;
}

interface RosterRow {
  line: number;
  sourcedId: string;
  givenName: string;
  familyName: string;
  email: string;
  grade: string | null;
}

export class RosterService {
  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsService,
    private readonly schools: SchoolsService,
    readonly maxBytes: number,
    private readonly batchSize: number,
  ) {}

  /** The caller's school, for staff only; checked before reading an upload. */
  async assertCanImport(ctx: RequestContext): Promise<School> {
    const caller = authorize(ctx, can, 'import', null);
    const school = caller.user.schoolId ? await this.db.getRepository(School).findOneBy({ id: caller.user.schoolId }) : null;
    if (!school) throw badInput(ROSTER_MESSAGES.noSchool);
    return school;
  }

  /** POST /api/roster-import/: checks the file at once, stores it and queues its import. */
  async importCsv(ctx: RequestContext, file: { bytes: Buffer; filename?: string | null; mimetype?: string | null }): Promise<RosterImportView> {
    const school = await this.assertCanImport(ctx);
    if (file.bytes.length > this.maxBytes) throw badInput(`The file is larger than ${Math.round(this.maxBytes / 1024 / 1024)} MB.`);
    const name = (file.filename ?? '').toLowerCase();
    const type = (file.mimetype ?? '').toLowerCase();
    const csvType = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'].includes(type);
    if (file.filename != null && !name.endsWith('.csv') && !csvType) throw badInput(ROSTER_MESSAGES.notCsv);
    if (!file.bytes.length) throw badInput(ROSTER_MESSAGES.emptyFile);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      throw badInput(ROSTER_MESSAGES.notCsv);
    }
    return this.enqueueImport(ctx, school, text);
  }

  /** The GraphQL mutation sends the CSV as text. */
  async importCsvText(ctx: RequestContext, csv: string): Promise<RosterImportView> {
    const school = await this.assertCanImport(ctx);
    if (Buffer.byteLength(csv) > this.maxBytes) throw badInput(`The file is larger than ${Math.round(this.maxBytes / 1024 / 1024)} MB.`);
    return this.enqueueImport(ctx, school, csv);
  }

  private async enqueueImport(ctx: RequestContext, school: School, text: string): Promise<RosterImportView> {
    if (hasNul(text)) throw badInput(ROSTER_MESSAGES.notCsv);
    if (!text.trim()) throw badInput(ROSTER_MESSAGES.emptyFile);
    // Reading the whole file now answers a broken file or header at once; the job reads it again.
    const { rows, errors } = readRoster(text);
    const row = await this.db.transaction(async (m) => {
      const [created]: ImportRow[] = await m.query(
        `INSERT INTO roster_imports (school_id, requested_by, csv, total_rows, done_rows, errors)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING *`,
        [school.id, ctx.caller!.user.id, text, rows.length + errors.length, errors.length, JSON.stringify(errors)],
      );
      await enqueueJob(m, ROSTER_IMPORT_QUEUE, { importId: created.id }, { singletonKey: created.id, maxAttempts: 5 });
      return created;
    });
    return importView(row);
  }

  /** An import's progress and result, for staff of its school (another school's is as unknown as a wrong id). */
  async importStatus(ctx: RequestContext, id: string): Promise<RosterImportView> {
    const caller = authorize(ctx, can, 'viewImport', null);
    const [row]: ImportRow[] = await this.db.query(`SELECT * FROM roster_imports WHERE id = $1`, [parseUuid(id, 'roster import')]);
    if (!row) throw notFound(ROSTER_MESSAGES.notFound);
    authorize(ctx, can, 'viewImport', { schoolId: row.school_id, reach: await this.schools.accessibleSchoolIds(caller.user) });
    return importView(row);
  }

  /**
   * The job: saves the file's valid rows from `next_row` on, one batch per transaction that also
   * records the progress, checking between batches whether the worker is stopping.
   */
  async processImport(importId: string, job: Pick<JobRow, 'attempts' | 'max_attempts'>, stopping: AbortSignal): Promise<void> {
    const [row] = returnedRows<ImportRow>(await this.db.query(
      `UPDATE roster_imports SET state = 'running' WHERE id = $1 AND state IN ('queued', 'running') AND csv IS NOT NULL RETURNING *`,
      [importId],
    ));
    if (!row) return;
    const { rows } = readRoster(row.csv!);
    try {
      for (;;) {
        const more = await this.db.transaction(async (m) => {
          // The import row, locked, says where to go on: a batch and its progress commit together.
          const [current]: { next_row: number }[] = await m.query(`SELECT next_row FROM roster_imports WHERE id = $1 FOR UPDATE`, [importId]);
          const batch = rows.slice(current.next_row, current.next_row + this.batchSize);
          if (!batch.length) return false;
          const school = await m.getRepository(School).findOneByOrFail({ id: row.school_id });
          // One school's imports never interleave inside a batch: the matching and the writes see the same accounts.
          await m.query(`SELECT id FROM schools WHERE id = $1 FOR UPDATE`, [school.id]);
          const counts: BatchCounts = { created: 0, updated: 0, emailed: 0 };
          const issues: RosterIssue[] = [];
          for (const r of batch) {
            const problem = await this.saveRow(m, school, r, counts);
            if (problem) issues.push({ line: r.line, sourced_id: r.sourcedId, email: r.email, message: problem });
          }
          await m.query(
            `UPDATE roster_imports SET next_row = next_row + $2, done_rows = done_rows + $2, created = created + $3,
                    updated = updated + $4, emailed = emailed + $5, errors = errors || $6::jsonb WHERE id = $1`,
            [importId, batch.length, counts.created, counts.updated, counts.emailed, JSON.stringify(issues)],
          );
          return current.next_row + batch.length < rows.length;
        });
        if (!more) break;
        stopIfAsked(stopping);
      }
      await this.db.query(`UPDATE roster_imports SET state = 'done', csv = NULL, finished_at = now() WHERE id = $1`, [importId]);
    } catch (e) {
      if (job.attempts >= job.max_attempts && !(e instanceof JobInterrupted)) {
        await this.db.query(`UPDATE roster_imports SET state = 'failed', error = $2, csv = NULL, finished_at = now() WHERE id = $1`, [importId, ROSTER_MESSAGES.failed]);
      }
      throw e;
    }
  }

  /** Creates or updates one student; answers a reason when the row cannot be saved. */
  private async saveRow(m: EntityManager, school: School, row: RosterRow, result: BatchCounts): Promise<string | null> {
    type Match = { id: number; email: string; user_type: number; school_id: number | null };
    const bySourced: Match[] = row.sourcedId
      ? await m.query(`SELECT id, email, user_type, school_id FROM users WHERE school_id = $1 AND sourced_id = $2`, [school.id, row.sourcedId])
      : [];
    const byEmail: Match[] = await m.query(`SELECT id, email, user_type, school_id FROM users WHERE email = $1`, [row.email]);
    const target = bySourced[0] ?? byEmail[0];
    if (target) {
      // One message whatever the other account is: staff learn nothing about another school's people.
      const ours = target.user_type === UserType.Student && target.school_id === school.id;
      if (!ours || (byEmail[0] && byEmail[0].id !== target.id)) return ROSTER_MESSAGES.emailTaken;
      await m.query(
        `UPDATE users SET first_name = $2, last_name = $3, grade = $4, email = $5, sourced_id = COALESCE(NULLIF($6, ''), sourced_id) WHERE id = $1`,
        [target.id, row.givenName, row.familyName, row.grade, row.email, row.sourcedId],
      );
      result.updated += 1;
      return null;
    }
    const user = await m.getRepository(User).save({
      email: row.email,
      passwordHash: '',
      firstName: row.givenName,
      lastName: row.familyName,
      userType: UserType.Student,
      schoolId: school.id,
      grade: row.grade,
      parentCode: await this.accounts.newParentCode(m),
      academicYearLabels: defaultYearLabels(school.schoolType),
      applicationStatus: null,
    });
    if (row.sourcedId) await m.query(`UPDATE users SET sourced_id = $2 WHERE id = $1`, [user.id, row.sourcedId]);
    await m.getRepository(SchoolMembership).insert({ userId: user.id, schoolId: school.id });
    await this.accounts.enqueueSetPasswordLink(user, school, m);
    result.created += 1;
    result.emailed += 1;
    return null;
  }
}


function importView(row: ImportRow): RosterImportView {
  return {
    id: row.id,
    state: row.state,
    totalRows: row.total_rows,
    doneRows: row.done_rows,
    created: row.created,
    updated: row.updated,
    emailed: row.emailed,
    errors: [...row.errors].sort((a, b) => a.line - b.line),
    error: row.error,
  };
}

/** Parses and checks the file: good rows to save, and the reasons of the others. Throws on a broken file. */
export function readRoster(text: string): { rows: RosterRow[]; errors: RosterIssue[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw badInput(`Line ${e.line}: ${e.message}`);
    throw e;
  }
  if (!records.length) throw badInput(ROSTER_MESSAGES.emptyFile);
  const header = records[0].fields.map((f) => f.trim().toLowerCase());
  const col = Object.fromEntries(ROSTER_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<(typeof ROSTER_COLUMNS)[number], number>;
  if (Object.values(col).some((i) => i < 0)) throw badInput(ROSTER_MESSAGES.header);
  const roleCol = header.indexOf('role');
  if (records.length - 1 > MAX_ROWS) throw badInput(ROSTER_MESSAGES.tooManyRows);

  const rows: RosterRow[] = [];
  const errors: RosterIssue[] = [];
  const seenEmail = new Map<string, number>();
  const seenSourced = new Map<string, number>();
  for (const rec of records.slice(1)) {
    const get = (i: number) => (rec.fields[i] ?? '').trim();
    const row: RosterRow = {
      line: rec.line,
      sourcedId: get(col.sourcedId),
      givenName: get(col.givenName),
      familyName: get(col.familyName),
      email: get(col.email).toLowerCase(),
      grade: null,
    };
    const fail = (message: string) => errors.push({ line: rec.line, sourced_id: row.sourcedId, email: row.email, message });
    if (roleCol >= 0 && get(roleCol) && get(roleCol).toLowerCase() !== 'student') { fail('Only students are imported (role must be student).'); continue; }
    if (!row.givenName || !row.familyName) { fail('givenName and familyName are required.'); continue; }
    if (row.givenName.length > 100 || row.familyName.length > 100 || row.sourcedId.length > 255) { fail('A value is too long.'); continue; }
    if (!looksLikeEmail(row.email)) { fail('The email is not a valid email address.'); continue; }
    const grade = normalizeGrade(get(col.grade));
    if (grade === undefined) { fail('The grade must be a number from 1 to 12 (or KG), or empty.'); continue; }
    row.grade = grade;
    const dupEmail = seenEmail.get(row.email);
    if (dupEmail) { fail(`The same email is on line ${dupEmail}.`); continue; }
    const dupSourced = row.sourcedId ? seenSourced.get(row.sourcedId) : undefined;
    if (dupSourced) { fail(`The same sourcedId is on line ${dupSourced}.`); continue; }
    seenEmail.set(row.email, rec.line);
    if (row.sourcedId) seenSourced.set(row.sourcedId, rec.line);
    rows.push(row);
  }
  return { rows, errors };
}

/** "09" -> "9", "KG" -> "K", "" -> null; undefined when it is not a grade. */
export function normalizeGrade(raw: string): string | null | undefined {
  const g = raw.trim().toUpperCase();
  if (!g) return null;
  if (g === 'KG' || g === 'K') return 'K';
  if (!/^\d{1,2}$/.test(g)) return undefined;
  const n = Number(g);
  return n >= 1 && n <= 12 ? String(n) : undefined;
}
