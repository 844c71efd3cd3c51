/**
 * Roster import: staff upload the product's students CSV, a OneRoster 1.1 users.csv, or a
 * OneRoster 1.1/1.2 CSV bundle (zip); people are created, updated, deactivated and reactivated in
 * the school(s) the importer reaches, keyed by sourcedId, and new people are emailed a
 * set-password link (through the outbox) unless they sign in with the district's provider.
 *
 * Decisions (not shown in the spec):
 * - The upload is read once, streaming, at the request (roster-staging.ts): a file that cannot be
 *   read at all (not UTF-8 text or not a zip, a missing column, a huge row, a hostile zip) is a 400
 *   with the reason and stores nothing; rows that cannot be saved are listed with their line and
 *   reason; the others are staged (roster_import_rows) and the import is queued. The file itself is
 *   never kept: a zip is read from the upload's temporary file, which is deleted after.
 * - The job saves the staged rows batch by batch (ROSTER_BATCH_SIZE rows, students and staff before
 *   parents), each batch in one transaction with the import's progress and a fixed number of
 *   statements (roster-save.ts); a worker stopped or restarted mid-import resumes with the rows not
 *   yet saved (a saved batch's staging rows are deleted with it) and never saves a row twice.
 * - Staff of the school see the import's progress and result; another school's is unknown.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because, storedFailure, type Reason, type ReasonMessage, type RowReason } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { returnedRows } from '../../core/returned-rows.js';
import { findImportJob, startImportJob } from '../jobs/import-job.js';
import { JobInterrupted, stopIfAsked, type JobRow } from '../jobs/job-queue.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { can, ROSTER_POLICY_MESSAGES } from './roster.policy.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { School } from '../schools/school.entity.js';
import { Bundle } from './oneroster/bundle.js';
import { CsvFileError } from '../../core/csv-records.js';
import { saveBatch, SAVE_MESSAGES } from './roster-save.js';
import { UploadFolder } from '../../core/upload-folder.js';
import {
  stageBundle,
  stageCsv,
  STAGING_MESSAGES,
  type RosterIssue,
  type RosterNotice,
  type StagedPerson,
  type StagingContext,
  type StagingResult,
} from './roster-staging.js';
import { emailDomain } from '../identity/sso.policy.js';

export type { RosterIssue, RosterNotice } from './roster-staging.js';
export { legacyGrade as normalizeGrade } from './oneroster/rows.js';

export const ROSTER_MESSAGES = {
  noSchool: 'ROSTER_NO_SCHOOL',
  fileMissing: 'CSV_FILE_MISSING',
  notCsv: 'ROSTER_NOT_CSV',
  emptyFile: STAGING_MESSAGES.emptyFile,
  header: STAGING_MESSAGES.legacyHeader,
  emailTaken: SAVE_MESSAGES.emailTaken,
  ...ROSTER_POLICY_MESSAGES,
  failed: 'ROSTER_IMPORT_STOPPED',
} as const;
export const ROSTER_IMPORT_QUEUE = 'roster.import';
/** Most data rows of users.csv (a district of 50,000 people fits twice). */
export const MAX_ROWS = 100_000;
const MAX_RECORD_BYTES = 64 * 1024;
/** A bundle: few files; what is read of it at most this many times the upload limit, once unzipped. */
const MAX_ZIP_ENTRIES = 64;
const UNZIPPED_FACTOR = 8;

/** An import's way through the background job (roster_imports.state). */
export const ROSTER_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type RosterImportState = (typeof ROSTER_IMPORT_STATES)[number];

/** An import and its progress: rows done of total, and once done, the counts and rejected rows. */
export interface RosterImportView {
  id: string;
  state: RosterImportState;
  /** What was read: csv (the students CSV), oneroster-1.1, oneroster-1.1-bundle or oneroster-1.2-bundle. */
  format: string;
  totalRows: number;
  doneRows: number;
  created: number;
  updated: number;
  /** Set-password emails queued (one per new account that does not sign in with the district's provider). */
  emailed: number;
  deactivated: number;
  reactivated: number;
  /** Rows not saved, with their line and reason. */
  errors: Reported<RosterIssue>[];
  /** Rows saved, with something to know (a parent not linked to a student the file names). */
  notices: Reported<RosterNotice>[];
  /** Why the import stopped, when it failed: English, and as a reason code (null for an older import). */
  error: string | null;
  reason: Reason | null;
}

/**
 * A row of the report as answered: its reason is null only for a row an import stored before rows
 * kept their reason code (its English message alone).
 */
export type Reported<T extends { reason: Reason }> = Omit<T, 'reason'> & { reason: Reason | null };

/** The errors column keeps both lists, a notice marked so (one column: no migration for a second list). */
type StoredIssue = Stored<RosterIssue> | (Stored<RosterNotice> & { kind: 'notice' });
type Stored<T extends { reason: Reason }> = Omit<T, 'reason'> & { reason?: Reason };

interface ImportRow {
  id: string;
  school_id: number;
  state: RosterImportState;
  format: string;
  csv: string | null;
  total_rows: number;
  done_rows: number;
  created: number;
  updated: number;
  emailed: number;
  deactivated: number;
  reactivated: number;
  errors: StoredIssue[];
  error: string | null;
}

export interface RosterOptions {
  /** The district's provider (null: none), and the email domains it may sign in. */
  oidc: { allowedDomains: string[] } | null;
}

/** The upload as the REST route hands it: a temporary file on disk (deleted by the route). */
export interface RosterUpload {
  path: string;
  size: number;
  filename?: string | null;
  mimetype?: string | null;
}

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'];
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];

export class RosterService {
  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsService,
    private readonly schools: SchoolsService,
    readonly maxBytes: number,
    private readonly batchSize: number,
    private readonly options: RosterOptions = { oidc: null },
  ) {}

  /** Uploads (and bundles sent as base64) are written here while read; removed by close(). */
  readonly uploads = new UploadFolder();

  /** When the app stops: no upload cut off by the shutdown stays on disk. */
  close(): Promise<void> {
    return this.uploads.remove();
  }

  /** The caller's school, for staff only; checked before reading an upload. */
  async assertCanImport(ctx: RequestContext): Promise<School> {
    const caller = authorize(ctx, can, 'import', null);
    const school = caller.user.schoolId ? await this.db.getRepository(School).findOneBy({ id: caller.user.schoolId }) : null;
    if (!school) throw badInput(because(ROSTER_MESSAGES.noSchool));
    return school;
  }

  tooLarge(): ReasonMessage {
    return because('FILE_TOO_LARGE', { size: `${Math.round(this.maxBytes / 1024 / 1024)} MB` });
  }

  /** POST /api/roster-import/: reads the file at once (a CSV, or a zip by its first bytes), stages its rows and queues the import. */
  async importUpload(ctx: RequestContext, file: RosterUpload): Promise<RosterImportView> {
    const school = await this.assertCanImport(ctx);
    if (file.size > this.maxBytes) throw badInput(this.tooLarge());
    if (!file.size) throw badInput(ROSTER_MESSAGES.emptyFile);
    const name = (file.filename ?? '').toLowerCase();
    const type = (file.mimetype ?? '').toLowerCase();
    if (await startsLikeZip(file.path)) return this.importZip(ctx, school, file.path);
    if (name.endsWith('.zip') || ZIP_TYPES.includes(type)) throw badInput(because(ROSTER_MESSAGES.notCsv));
    if (file.filename != null && !name.endsWith('.csv') && !CSV_TYPES.includes(type)) throw badInput(because(ROSTER_MESSAGES.notCsv));
    return this.start(ctx, school, (m, sctx) => stageCsv(m, sctx, createReadStream(file.path, { highWaterMark: 64 * 1024 })));
  }

  /** The GraphQL mutation: the CSV as text, or a bundle as base64. */
  async importText(ctx: RequestContext, input: { csv?: string | null; zipBase64?: string | null }): Promise<RosterImportView> {
    const school = await this.assertCanImport(ctx);
    if (input.zipBase64 != null) {
      if (input.zipBase64.length > Math.ceil(this.maxBytes / 3) * 4) throw badInput(this.tooLarge());
      const tmp = path.join(await this.uploads.path(), `roster-${randomUUID()}.zip`);
      try {
        await writeFile(tmp, Buffer.from(input.zipBase64, 'base64'));
        return await this.importZip(ctx, school, tmp);
      } finally {
        await rm(tmp, { force: true });
      }
    }
    const csv = input.csv ?? '';
    if (Buffer.byteLength(csv) > this.maxBytes) throw badInput(this.tooLarge());
    return this.start(ctx, school, (m, sctx) => stageCsv(m, sctx, [csv]));
  }

  private async importZip(ctx: RequestContext, school: School, file: string): Promise<RosterImportView> {
    let bundle: Bundle;
    try {
      bundle = await Bundle.open(file, { maxEntries: MAX_ZIP_ENTRIES, maxEntryBytes: this.maxBytes * UNZIPPED_FACTOR, maxTotalBytes: this.maxBytes * UNZIPPED_FACTOR });
    } catch (e) {
      if (e instanceof CsvFileError) throw badInput(e.why);
      throw e;
    }
    try {
      return await this.start(ctx, school, (m, sctx) => stageBundle(m, sctx, bundle));
    } finally {
      bundle.close();
    }
  }

  /** Creates the import, stages the file's rows in the same transaction, and queues the job. */
  private async start(ctx: RequestContext, school: School, stage: (m: EntityManager, sctx: StagingContext) => Promise<StagingResult>): Promise<RosterImportView> {
    const reach = await this.schools.accessibleSchoolIds(ctx.caller!.user);
    const schools: { id: number; name: string; uuid: string }[] = await this.db.query(`SELECT id, name, uuid FROM schools WHERE id = ANY($1::int[])`, [reach]);
    const row = await startImportJob<ImportRow, StagingResult>(this.db, {
      table: 'roster_imports',
      queue: ROSTER_IMPORT_QUEUE,
      schoolId: school.id,
      requestedBy: ctx.caller!.user.id,
      columns: { total_rows: 0 },
      stage: (m, importId) =>
        stage(m, { importId, schoolId: school.id, schools, batchSize: Math.max(this.batchSize, 1), maxRows: MAX_ROWS, maxRecordBytes: MAX_RECORD_BYTES }),
      staged: (result) => ({ format: result.format }),
    });
    return importView(row);
  }

  /** An import's progress and result, for staff of its school (another school's is as unknown as a wrong id). */
  async importStatus(ctx: RequestContext, id: string): Promise<RosterImportView> {
    const row = await findImportJob<ImportRow>(ctx, this.db, id, {
      table: 'roster_imports',
      label: 'roster import',
      notFound: ROSTER_MESSAGES.notFound,
      can,
      reach: (user) => this.schools.accessibleSchoolIds(user),
    });
    return importView(row);
  }

  /**
   * The job: takes the staged rows batch by batch (students and staff first, then parents), each
   * batch saved in one transaction with the progress, checking between batches whether the worker
   * is stopping.
   */
  async processImport(importId: string, job: Pick<JobRow, 'attempts' | 'max_attempts'>, stopping: AbortSignal): Promise<void> {
    const [row] = returnedRows<ImportRow>(
      await this.db.query(`UPDATE roster_imports SET state = 'running' WHERE id = $1 AND state IN ('queued', 'running') RETURNING *`, [importId]),
    );
    if (!row) return;
    const deps = { accounts: this.accounts, signsInWithProvider: (email: string) => this.signsInWithProvider(email) };
    try {
      if (row.csv !== null) await this.stageStoredFile(row);
      for (;;) {
        const more = await this.db.transaction(async (m) => {
          // The import row, locked: a batch and its progress commit together, one worker at a time.
          await m.query(`SELECT id FROM roster_imports WHERE id = $1 FOR UPDATE`, [importId]);
          const taken = returnedRows<{ data: StagedPerson }>(
            await m.query(
              `DELETE FROM roster_import_rows WHERE import_id = $1 AND idx IN (
               SELECT idx FROM roster_import_rows WHERE import_id = $1 ORDER BY phase, idx LIMIT $2)
             RETURNING data`,
              [importId, this.batchSize],
            ),
          );
          if (!taken.length) return false;
          const { counts, issues, notices } = await saveBatch(
            m,
            taken.map((t) => t.data),
            deps,
          );
          const stored: StoredIssue[] = [...issues, ...notices.map((n) => ({ ...n, kind: 'notice' as const }))];
          await m.query(
            `UPDATE roster_imports SET next_row = next_row + $2, done_rows = done_rows + $2, created = created + $3, updated = updated + $4,
                    emailed = emailed + $5, deactivated = deactivated + $6, reactivated = reactivated + $7, errors = errors || $8::jsonb
              WHERE id = $1`,
            [importId, taken.length, counts.created, counts.updated, counts.emailed, counts.deactivated, counts.reactivated, JSON.stringify(stored)],
          );
          return taken.length === this.batchSize;
        });
        if (!more) break;
        stopIfAsked(stopping);
      }
      await this.db.query(`UPDATE roster_imports SET state = 'done', csv = NULL, finished_at = now() WHERE id = $1`, [importId]);
    } catch (e) {
      if (job.attempts >= job.max_attempts && !(e instanceof JobInterrupted)) {
        await this.db.query(`UPDATE roster_imports SET state = 'failed', error = $2, csv = NULL, finished_at = now() WHERE id = $1`, [importId, ROSTER_MESSAGES.failed]);
        await this.db.query(`DELETE FROM roster_import_rows WHERE import_id = $1`, [importId]);
      }
      throw e;
    }
  }

  /** An import queued before staging existed kept its file: stage it now, counting afresh. */
  private async stageStoredFile(row: ImportRow): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM roster_import_rows WHERE import_id = $1`, [row.id]);
      await m.query(`UPDATE roster_imports SET errors = '[]'::jsonb WHERE id = $1`, [row.id]);
      const schools: { id: number; name: string; uuid: string }[] = await m.query(`SELECT id, name, uuid FROM schools WHERE id = $1`, [row.school_id]);
      const result = await stageCsv(
        m,
        { importId: row.id, schoolId: row.school_id, schools, batchSize: this.batchSize, maxRows: MAX_ROWS, maxRecordBytes: MAX_RECORD_BYTES },
        [row.csv!],
      );
      await m.query(`UPDATE roster_imports SET csv = NULL, total_rows = $2, done_rows = $3, next_row = 0, created = 0, updated = 0, emailed = 0 WHERE id = $1`, [
        row.id,
        result.total,
        result.rejected,
      ]);
    });
  }

  /**
   * The person signs in with the district's provider: one is configured and OIDC_ALLOWED_DOMAINS
   * names their email's domain. Only a domain listed by name counts (not "any", the sign-in rule's
   * reading of an empty list): a missing welcome email locks out whoever the provider does not
   * know (a parent's personal address), so it is left out only where the district said so.
   */
  signsInWithProvider(email: string): boolean {
    return this.options.oidc !== null && this.options.oidc.allowedDomains.includes(emailDomain(email).toLowerCase());
  }
}

async function startsLikeZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    // PK\3\4: a local file header; PK\5\6: an empty zip.
    return bytesRead === 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && ((buffer[2] === 3 && buffer[3] === 4) || (buffer[2] === 5 && buffer[3] === 6));
  } finally {
    await handle.close();
  }
}

function importView(row: ImportRow): RosterImportView {
  return {
    id: row.id,
    state: row.state,
    format: row.format,
    totalRows: row.total_rows,
    doneRows: row.done_rows,
    created: row.created,
    updated: row.updated,
    emailed: row.emailed,
    deactivated: row.deactivated,
    reactivated: row.reactivated,
    errors: row.errors
      .filter((e): e is Stored<RosterIssue> => !('kind' in e))
      .map((e) => ({ line: e.line, sourced_id: e.sourced_id, email: e.email, ...reported(e) }))
      .sort(byLine),
    notices: row.errors
      .filter((e): e is Stored<RosterNotice> & { kind: 'notice' } => 'kind' in e && e.kind === 'notice')
      .map((n) => ({ line: n.line, sourced_id: n.sourced_id, ...reported(n) }))
      .sort(byLine),
    ...storedFailure(row.error),
  };
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/** A stored row's reason, its params when it has some, and its English message. */
const reported = (r: Omit<RowReason, 'reason'> & { reason?: Reason }): Omit<RowReason, 'reason'> & { reason: Reason | null } => ({
  reason: r.reason ?? null,
  ...(r.params ? { params: r.params } : {}),
  message: r.message,
});
