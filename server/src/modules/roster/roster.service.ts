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
 *   (it is never moved between schools).
 * - Only new accounts get an email; updated students already have one. Links last 7 days.
 * - Valid rows are saved and bad rows listed with their line and reason (like the course import);
 *   everything is written in one transaction, one import per school at a time.
 * - Grades: 1 to 12, leading zeros dropped ("09" is 9); KG is kept as K; empty leaves it unset.
 * - The upload size limit is the course CSV's (COURSE_CSV_MAX_BYTES).
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { badInput } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { can } from './roster.policy.js';
import { hasNul } from '../../core/validation.js';
import { looksLikeEmail } from '../../rules/password.js';
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
} as const;
const MAX_ROWS = 20_000;

export interface RosterIssue {
  line: number;
  sourced_id: string;
  email: string;
  message: string;
}

export interface RosterImportResult {
  created: number;
  updated: number;
  /** Set-password emails queued (one per new account). */
  emailed: number;
  errors: RosterIssue[];
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
    readonly maxBytes: number,
  ) {}

  /** The caller's school, for staff only; checked before reading an upload. */
  async assertCanImport(ctx: RequestContext): Promise<School> {
    const caller = authorize(ctx, can, 'import', null);
    const school = caller.user.schoolId ? await this.db.getRepository(School).findOneBy({ id: caller.user.schoolId }) : null;
    if (!school) throw badInput(ROSTER_MESSAGES.noSchool);
    return school;
  }

  async importCsv(ctx: RequestContext, file: { bytes: Buffer; filename?: string | null; mimetype?: string | null }): Promise<RosterImportResult> {
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
    return this.importText(ctx, school, text);
  }

  /** The GraphQL mutation sends the CSV as text. */
  async importCsvText(ctx: RequestContext, csv: string): Promise<RosterImportResult> {
    const school = await this.assertCanImport(ctx);
    if (Buffer.byteLength(csv) > this.maxBytes) throw badInput(`The file is larger than ${Math.round(this.maxBytes / 1024 / 1024)} MB.`);
    return this.importText(ctx, school, csv);
  }

  private async importText(_ctx: RequestContext, school: School, text: string): Promise<RosterImportResult> {
    if (hasNul(text)) throw badInput(ROSTER_MESSAGES.notCsv);
    if (!text.trim()) throw badInput(ROSTER_MESSAGES.emptyFile);
    const { rows, errors } = readRoster(text);
    const result: RosterImportResult = { created: 0, updated: 0, emailed: 0, errors };
    await this.db.transaction(async (m) => {
      // One import per school at a time: the matching and the writes see the same accounts.
      await m.query(`SELECT id FROM schools WHERE id = $1 FOR UPDATE`, [school.id]);
      for (const row of rows) {
        const problem = await this.saveRow(m, school, row, result);
        if (problem) result.errors.push({ line: row.line, sourced_id: row.sourcedId, email: row.email, message: problem });
      }
    });
    result.errors.sort((a, b) => a.line - b.line);
    return result;
  }

  /** Creates or updates one student; answers a reason when the row cannot be saved. */
  private async saveRow(m: EntityManager, school: School, row: RosterRow, result: RosterImportResult): Promise<string | null> {
    type Match = { id: number; email: string; user_type: number; school_id: number | null };
    const bySourced: Match[] = row.sourcedId
      ? await m.query(`SELECT id, email, user_type, school_id FROM users WHERE school_id = $1 AND sourced_id = $2`, [school.id, row.sourcedId])
      : [];
    const byEmail: Match[] = await m.query(`SELECT id, email, user_type, school_id FROM users WHERE email = $1`, [row.email]);
    const target = bySourced[0] ?? byEmail[0];
    if (target) {
      if (target.user_type !== UserType.Student) return 'This email belongs to an account that is not a student; it was not changed.';
      if (target.school_id !== school.id) return 'This email belongs to a student of another school; it was not changed.';
      if (byEmail[0] && byEmail[0].id !== target.id) return 'This email is already used by another account.';
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
    await this.accounts.enqueueSetPasswordLink(user, school.name, m);
    result.created += 1;
    result.emailed += 1;
    return null;
  }
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
