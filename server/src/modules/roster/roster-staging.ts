/**
 * Reads an upload once, streaming, into staging rows the import job then saves batch by batch
 * (roster_import_rows): the product's students CSV, a OneRoster 1.1 users.csv, or a OneRoster
 * 1.1/1.2 bundle (zip). Each batch of rows is one multi-row INSERT; rows that cannot be saved are
 * appended to the import's errors with their line and reason as the reading goes, so memory holds
 * one batch, never the file. A repeat of a sourcedId or email within the file is found by the
 * staging table's unique indexes (reported with the first one's line). Runs inside the upload's
 * transaction: a file that cannot be read (a CsvFileError, answered 400) leaves nothing behind.
 *
 * Schools: a lone file's people join the importer's school; in a bundle, a person joins the school
 * whose name (case aside) or public identifier (uuid) matches the name, identifier or sourcedId of
 * an org of theirs in orgs.csv, among the schools the importer reaches; a person whose orgs match
 * none is a row error.
 */
import type { EntityManager } from 'typeorm';
import { UserType } from '../accounts/user.entity.js';
import type { Bundle } from './oneroster/bundle.js';
import { CsvFileError, csvRecords, type CsvLimits, type CsvRecord } from '../../core/csv-records.js';
import { legacyRow, oneRosterRow, type Get, type RosterPerson, type RowResult } from './oneroster/rows.js';
import { detectUsersFormat, idList, manifestVersion, missingColumns, REQUIRED, type UsersFormat } from './oneroster/spec.js';
import { because, rowReason, type ReasonMessage, type RowReason } from '../../core/errors.js';

export const LEGACY_COLUMNS = ['sourcedId', 'givenName', 'familyName', 'email', 'grade'] as const;

export const STAGING_MESSAGES = {
  // The file's refusals (a CsvFileError, 400) ...
  emptyFile: because('FILE_EMPTY'),
  legacyHeader: because('CSV_HEADER', { columns: LEGACY_COLUMNS.join(', ') }),
  missing: (file: string, version: string, columns: string[]) => because('CSV_COLUMNS_MISSING', { file, version, columns: columns.join(', ') }),
  rolesNeeded: because('ROSTER_ROLES_NEEDED'),
  rolesMissing: because('ROSTER_ROLES_MISSING'),
  versionMismatch: (manifest: string, header: string) => because('ROSTER_VERSION_MISMATCH', { manifest, header }),
  // ... and a row's, kept in the import's report with its reason (see rowReason).
  fieldCount: (got: number, want: number) => because('ROW_FIELD_COUNT', { got, want }),
  sameEmail: (line: number) => because('ROW_SAME_EMAIL', { line }),
  sameSourcedId: (line: number) => because('ROW_SAME_SOURCED_ID', { line }),
  noSchool: (org: string) => because('ROW_ORG_UNKNOWN', { org }),
} as const;

export interface StagedPerson extends RosterPerson {
  schoolId: number;
}

/** A row not saved: its line, who it names, and why (a reason code, its params and its English text). */
export interface RosterIssue extends RowReason {
  line: number;
  sourced_id: string;
  email: string;
}

/** A row that was saved, with something staff should know (e.g. a parent not linked to a student), as a reason. */
export interface RosterNotice extends RowReason {
  line: number;
  sourced_id: string;
}

export interface ReachableSchool {
  id: number;
  name: string;
  uuid: string;
}

export interface StagingContext {
  importId: string;
  /** The importer's school: where a lone file's people go. */
  schoolId: number;
  schools: ReachableSchool[];
  batchSize: number;
  maxRows: number;
  maxRecordBytes: number;
}

export interface StagingResult {
  format: string;
  total: number;
  rejected: number;
}

type Source = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
const FILE_LIMITS = { orgs: 10_000, roles: 400_000, manifest: 100 };

/** A lone CSV: the product's students CSV or a OneRoster 1.1 users.csv. */
export async function stageCsv(m: EntityManager, ctx: StagingContext, source: Source): Promise<StagingResult> {
  return stageUsers(m, ctx, csvRecords(source, limits(ctx, ctx.maxRows)), null, null);
}

/** A OneRoster bundle. */
export async function stageBundle(m: EntityManager, ctx: StagingContext, bundle: Bundle): Promise<StagingResult> {
  let version: string | null = null;
  if (bundle.has('manifest.csv')) {
    const properties = new Map<string, string>();
    for await (const row of table(bundle.read('manifest.csv'), 'manifest.csv', REQUIRED.manifest, null, limits(ctx, FILE_LIMITS.manifest, 'manifest.csv'))) {
      properties.set(row.get('propertyName'), row.get('value'));
    }
    version = manifestVersion(properties);
  }
  const orgs = new Map<string, number | null>();
  if (bundle.has('orgs.csv')) {
    const byName = new Map(ctx.schools.map((s) => [s.name.trim().toLowerCase(), s.id]));
    const byUuid = new Map(ctx.schools.map((s) => [s.uuid.toLowerCase(), s.id]));
    for await (const row of table(bundle.read('orgs.csv'), 'orgs.csv', REQUIRED.orgs, version, limits(ctx, FILE_LIMITS.orgs, 'orgs.csv'))) {
      const id = row.get('sourcedId');
      orgs.set(id, byName.get(row.get('name').toLowerCase()) ?? byUuid.get(row.get('identifier').toLowerCase()) ?? byUuid.get(id.toLowerCase()) ?? null);
    }
  }
  let roles = false;
  if (bundle.has('roles.csv')) {
    roles = true;
    let batch: unknown[] = [];
    const flush = async () => {
      if (!batch.length) return;
      await m.query(
        `INSERT INTO roster_import_roles (import_id, line, user_sourced_id, role, role_type, org_sourced_id)
         SELECT $1, r.line, r.user_sourced_id, r.role, r.role_type, r.org_sourced_id
           FROM jsonb_to_recordset($2::jsonb) AS r(line int, user_sourced_id text, role text, role_type text, org_sourced_id text)`,
        [ctx.importId, JSON.stringify(batch)],
      );
      batch = [];
    };
    for await (const row of table(bundle.read('roles.csv'), 'roles.csv', REQUIRED.roles, '1.2', limits(ctx, FILE_LIMITS.roles, 'roles.csv'))) {
      // A role that has ended or is being withdrawn gives no account.
      if (row.get('status').toLowerCase() === 'tobedeleted' || !row.get('userSourcedId')) continue;
      batch.push({
        line: row.line,
        user_sourced_id: row.get('userSourcedId'),
        role: row.get('role'),
        role_type: row.get('roleType').toLowerCase() || 'primary',
        org_sourced_id: row.get('orgSourcedId'),
      });
      if (batch.length >= ctx.batchSize) await flush();
    }
    await flush();
  }
  const result = await stageUsers(m, ctx, csvRecords(bundle.read('users.csv'), limits(ctx, ctx.maxRows, 'users.csv')), { orgs, version, roles }, 'users.csv');
  await m.query(`DELETE FROM roster_import_roles WHERE import_id = $1`, [ctx.importId]);
  return result;
}

const limits = (ctx: StagingContext, maxRecords: number, fileName?: string): CsvLimits => ({ maxRecords, maxRecordBytes: ctx.maxRecordBytes, fileName });

/** A small table of the bundle, row by row with its values by column name; the header must hold `required`. */
async function* table(source: Source, file: string, required: readonly string[], version: string | null, lim: CsvLimits) {
  const records = csvRecords(source, lim);
  const first = await records.next();
  if (first.done) return;
  const header = first.value.fields.map((f) => f.trim());
  const missing = missingColumns(header, required);
  if (missing.length) throw new CsvFileError(STAGING_MESSAGES.missing(file, version ?? '1.1/1.2', missing));
  const index = columnIndex(header);
  for await (const rec of records) yield { line: rec.line, get: getter(index, rec.fields) };
}

/** Each column's index, built once per file: a row's getter then allocates nothing but its values. */
const columnIndex = (header: string[], lower = false) => new Map(header.map((h, i) => [lower ? h.toLowerCase() : h, i]));

function getter(header: string[] | Map<string, number>, fields: string[], lower = false): Get {
  const index = header instanceof Map ? header : columnIndex(header, lower);
  return (column) => {
    const i = index.get(column);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
}

interface BundleFacts {
  orgs: Map<string, number | null>;
  version: string | null;
  roles: boolean;
}

async function stageUsers(
  m: EntityManager,
  ctx: StagingContext,
  records: AsyncGenerator<CsvRecord>,
  bundle: BundleFacts | null,
  fileName: string | null,
): Promise<StagingResult> {
  const first = await records.next();
  if (first.done) throw new CsvFileError(STAGING_MESSAGES.emptyFile);
  const header = first.value.fields.map((f) => f.trim());
  const format = detectUsersFormat(header);
  checkHeader(header, format, bundle, fileName ?? 'users.csv');
  const hasRole = header.some((h) => h.toLowerCase() === 'role');
  let total = 0;
  let rejected = 0;
  let idx = 0;
  let pending: CsvRecord[] = [];
  const index = columnIndex(header, format === 'csv');
  const flush = async () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    const roles = format === 'users-1.2' ? await rolesOf(m, ctx.importId, batch, header) : null;
    const staged: StagedPerson[] = [];
    const issues: RosterIssue[] = [];
    for (const rec of batch) {
      const lower = format === 'csv';
      const get = getter(index, rec.fields);
      const issue = (why: ReasonMessage, p?: Partial<RosterPerson>) =>
        issues.push({
          line: rec.line,
          sourced_id: p?.sourcedId ?? get(lower ? 'sourcedid' : 'sourcedId'),
          email: p?.email ?? get('email').toLowerCase(),
          ...rowReason(why),
        });
      if (rec.fields.length !== header.length) {
        issue(STAGING_MESSAGES.fieldCount(rec.fields.length, header.length));
        continue;
      }
      const result: RowResult =
        format === 'csv'
          ? legacyRow(get, rec.line, hasRole)
          : oneRosterRow(get, rec.line, format === 'users-1.1' ? { role: get('role'), orgs: idList(get('orgSourcedIds')) } : (roles!.get(get('sourcedId')) ?? null));
      if ('error' in result) {
        issue(result.error);
        continue;
      }
      const schoolId = schoolOf(result.person, ctx, bundle);
      if (typeof schoolId !== 'number') {
        issue(schoolId, result.person);
        continue;
      }
      const { person } = result;
      staged.push({
        line: person.line,
        sourcedId: person.sourcedId,
        givenName: person.givenName,
        familyName: person.familyName,
        email: person.email,
        userType: person.userType,
        grade: person.grade,
        active: person.active,
        agents: person.agents,
        orgs: person.orgs,
        schoolId,
      });
    }
    issues.push(...(await insertStaged(m, ctx.importId, staged, () => idx++)));
    total += batch.length;
    rejected += issues.length;
    if (issues.length) await m.query(`UPDATE roster_imports SET errors = errors || $2::jsonb WHERE id = $1`, [ctx.importId, JSON.stringify(issues)]);
  };
  for await (const rec of records) {
    pending.push(rec);
    if (pending.length >= ctx.batchSize) await flush();
  }
  await flush();
  return { format: format === 'csv' ? 'csv' : `oneroster-${format === 'users-1.1' ? '1.1' : '1.2'}${bundle ? '-bundle' : ''}`, total, rejected };
}

function checkHeader(header: string[], format: UsersFormat, bundle: BundleFacts | null, file: string): void {
  if (format === 'csv') {
    const lower = header.map((h) => h.toLowerCase());
    if (bundle || LEGACY_COLUMNS.some((c) => !lower.includes(c.toLowerCase()))) throw new CsvFileError(STAGING_MESSAGES.legacyHeader);
    return;
  }
  const version = format === 'users-1.1' ? '1.1' : '1.2';
  if (bundle?.version && bundle.version !== version) throw new CsvFileError(STAGING_MESSAGES.versionMismatch(bundle.version, version));
  if (format === 'users-1.2' && !bundle) throw new CsvFileError(STAGING_MESSAGES.rolesNeeded);
  if (format === 'users-1.2' && !bundle!.roles) throw new CsvFileError(STAGING_MESSAGES.rolesMissing);
  const missing = missingColumns(header, REQUIRED[format]);
  if (missing.length) throw new CsvFileError(STAGING_MESSAGES.missing(file, version, missing));
}

/** 1.2: each user's role from roles.csv (the primary one first) and their orgs, for one batch: one query. */
async function rolesOf(m: EntityManager, importId: string, batch: CsvRecord[], header: string[]): Promise<Map<string, { role: string; orgs: string[] }>> {
  const col = header.indexOf('sourcedId');
  const ids = batch.map((r) => (r.fields[col] ?? '').trim()).filter(Boolean);
  const rows: { user_sourced_id: string; role: string; org_sourced_id: string }[] = await m.query(
    `SELECT user_sourced_id, role, org_sourced_id FROM roster_import_roles
      WHERE import_id = $1 AND user_sourced_id = ANY($2::text[]) ORDER BY (role_type = 'primary') DESC, line`,
    [importId, ids],
  );
  const out = new Map<string, { role: string; orgs: string[] }>();
  for (const r of rows) {
    const seen = out.get(r.user_sourced_id);
    if (seen) seen.orgs.push(r.org_sourced_id);
    else out.set(r.user_sourced_id, { role: r.role, orgs: [r.org_sourced_id] });
  }
  return out;
}

/** The school id, or the reason none fits. */
function schoolOf(p: RosterPerson, ctx: StagingContext, bundle: BundleFacts | null): number | ReasonMessage {
  if (!bundle || !bundle.orgs.size) return ctx.schoolId;
  for (const org of p.orgs) {
    const id = bundle.orgs.get(org);
    if (id) return id;
  }
  // Deactivating finds the account by sourcedId: without an org it looks in the importer's school.
  if (!p.active && !p.orgs.length) return ctx.schoolId;
  return STAGING_MESSAGES.noSchool(p.orgs[0] ?? '');
}

/** One INSERT for the batch; a repeat of an earlier sourcedId or email (unique per import) is skipped and reported. */
async function insertStaged(m: EntityManager, importId: string, staged: StagedPerson[], nextIdx: () => number): Promise<RosterIssue[]> {
  if (!staged.length) return [];
  const rows = staged.map((p) => ({
    idx: nextIdx(),
    phase: p.userType === UserType.Parent ? 1 : 0,
    sourced_id: p.sourcedId || null,
    email: p.email || null,
    data: p,
  }));
  const inserted: { idx: number }[] = await m.query(
    `INSERT INTO roster_import_rows (import_id, idx, phase, sourced_id, email, data)
     SELECT $1, r.idx, r.phase, r.sourced_id, r.email, r.data
       FROM jsonb_to_recordset($2::jsonb) AS r(idx int, phase smallint, sourced_id text, email text, data jsonb)
     ON CONFLICT DO NOTHING RETURNING idx`,
    [importId, JSON.stringify(rows)],
  );
  if (inserted.length === rows.length) return [];
  const kept = new Set(inserted.map((r) => r.idx));
  const repeats = rows.filter((r) => !kept.has(r.idx));
  const firsts: { sourced_id: string | null; email: string | null; line: number }[] = await m.query(
    `SELECT sourced_id, email, (data->>'line')::int AS line FROM roster_import_rows
      WHERE import_id = $1 AND (sourced_id = ANY($2::text[]) OR email = ANY($3::text[]))`,
    [importId, repeats.map((r) => r.sourced_id).filter(Boolean), repeats.map((r) => r.email).filter(Boolean)],
  );
  return repeats.map(({ data: p }) => {
    const byEmail = p.email ? firsts.find((f) => f.email === p.email) : undefined;
    const bySourced = p.sourcedId ? firsts.find((f) => f.sourced_id === p.sourcedId) : undefined;
    const why = byEmail ? STAGING_MESSAGES.sameEmail(byEmail.line) : STAGING_MESSAGES.sameSourcedId(bySourced?.line ?? 0);
    return { line: p.line, sourced_id: p.sourcedId, email: p.email, ...rowReason(why) };
  });
}
