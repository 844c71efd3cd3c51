/**
 * Transcript import: staff (or a district script with an API token) import their school's course
 * history, a CSV (transcript-rows.ts names its columns) or Ed-Fi courseTranscripts JSON (ed-fi.ts);
 * the records land in transcript_records and their courses on the students' plans, marked as from
 * the school's record (transcript-save.ts). Built as the roster import is (roster.service.ts): the
 * upload is read once, streaming, at the request (a file that cannot be read at all is a 400 and
 * stores nothing; rows that cannot be saved are listed with their line and reason code), the rows
 * are staged and one job on the job queue saves them batch by batch, each batch in one
 * transaction with the import's progress, resuming where it stopped after a restart.
 *
 * Staff correct a record with a reason: the record and its plan entry change, the correction is
 * written to the access log (action transcript_correction) with the reason and what changed.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because, notFound, storedFailure, type Reason, type ReasonMessage } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { returnedRows } from '../../core/returned-rows.js';
import { UploadFolder } from '../../core/upload-folder.js';
import { recordAccess } from '../access-log/record-access.js';
import { findImportJob, startImportJob, type StagedRows } from '../jobs/import-job.js';
import { JobInterrupted, stopIfAsked, type JobRow } from '../jobs/job-queue.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { UserType } from '../accounts/user.entity.js';
import { TRANSCRIPT_IMPORT_QUEUE } from './transcript-queue.js';
import { placeRecords, saveTranscriptBatch, type PlacedRecord } from './transcript-save.js';
import { stageTranscript, type TranscriptFormat } from './transcript-staging.js';
import { MAX_GRADE_LENGTH, TRANSCRIPT_STATUSES, type TranscriptIssue, type TranscriptRow, type TranscriptStatus } from './transcript-rows.js';
import { schoolYearEndOf } from './term-placement.js';
import { can, TRANSCRIPT_POLICY_MESSAGES } from './transcripts.policy.js';

export { TRANSCRIPT_IMPORT_QUEUE } from './transcript-queue.js';

/** Most data rows of one file: a district of 50,000 students with 30 courses each fits. */
export const MAX_TRANSCRIPT_ROWS = 2_000_000;
const MAX_RECORD_BYTES = 64 * 1024;
export const MAX_CORRECTION_REASON = 500;

export const TRANSCRIPT_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscriptImportState = (typeof TRANSCRIPT_IMPORT_STATES)[number];

export interface TranscriptImportView {
  id: string;
  state: TranscriptImportState;
  /** What was read: csv or ed-fi (courseTranscripts JSON). */
  format: TranscriptFormat;
  totalRows: number;
  doneRows: number;
  /** Records new to the school's history. */
  created: number;
  /** Records whose grade, units, status or grade level changed. */
  updated: number;
  /** Rows saying what the history already held (a re-import of the same file: all of them). */
  unchanged: number;
  /** Plan entries placed, moved, given the record's grade, or taken off (withdrawn). */
  placed: number;
  errors: TranscriptIssue[];
  /** Why the import stopped, when it failed: English, and as a reason code (null for an older import). */
  error: string | null;
  reason: Reason | null;
}

interface ImportRow {
  id: string;
  school_id: number;
  state: TranscriptImportState;
  format: TranscriptFormat;
  total_rows: number;
  done_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  placed: number;
  errors: TranscriptIssue[];
  error: string | null;
}

/** A record of a student's course history as staff read it. */
export interface TranscriptRecordView {
  id: number;
  studentId: number;
  courseId: number;
  courseCode: string;
  courseTitle: string;
  schoolYear: string;
  term: string;
  gradeLevel: number | null;
  grade: string;
  unitsEarned: number | null;
  status: TranscriptStatus;
  /** What the school's file said, when a staff correction changed it. */
  corrected: boolean;
}

export interface TranscriptUpload {
  path: string;
  size: number;
  filename?: string | null;
  mimetype?: string | null;
}

export interface CorrectionInput {
  grade?: string | null;
  unitsEarned?: number | null;
  status?: string | null;
  reason?: string | null;
}

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'];
const JSON_TYPES = ['application/json', 'text/json'];

export class TranscriptsService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
    readonly maxBytes: number,
    private readonly batchSize: number,
    /** The clock of "the current school year" (placing a course by grade level); tests set it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  readonly uploads = new UploadFolder();

  close(): Promise<void> {
    return this.uploads.remove();
  }

  /** The caller's school, for staff only; checked before reading an upload. */
  async assertCanImport(ctx: RequestContext): Promise<number> {
    const caller = authorize(ctx, can, 'import', null);
    if (!caller.user.schoolId) throw badInput(because('TRANSCRIPT_NO_SCHOOL'));
    return caller.user.schoolId;
  }

  tooLarge(): ReasonMessage {
    return because('FILE_TOO_LARGE', { size: `${Math.round(this.maxBytes / 1024 / 1024)} MB` });
  }

  /** POST /api/transcript-import/: a CSV, or Ed-Fi JSON (by its name, type or first character). */
  async importUpload(ctx: RequestContext, file: TranscriptUpload): Promise<TranscriptImportView> {
    const schoolId = await this.assertCanImport(ctx);
    if (file.size > this.maxBytes) throw badInput(this.tooLarge());
    if (!file.size) throw badInput(because('FILE_EMPTY'));
    const name = (file.filename ?? '').toLowerCase();
    const type = (file.mimetype ?? '').toLowerCase();
    const json = name.endsWith('.json') || JSON_TYPES.includes(type) || (await startsLikeJson(file.path));
    if (!json && file.filename != null && !name.endsWith('.csv') && !CSV_TYPES.includes(type)) throw badInput(because('TRANSCRIPT_NOT_CSV_OR_JSON'));
    return this.start(ctx, schoolId, json ? 'ed-fi' : 'csv', () => createReadStream(file.path, { highWaterMark: 64 * 1024 }));
  }

  /** The GraphQL mutation: the CSV as text, or the Ed-Fi JSON as text. */
  async importText(ctx: RequestContext, input: { csv?: string | null; edFiJson?: string | null }): Promise<TranscriptImportView> {
    const schoolId = await this.assertCanImport(ctx);
    const text = input.edFiJson ?? input.csv ?? '';
    if (Buffer.byteLength(text) > this.maxBytes) throw badInput(this.tooLarge());
    if (!text.trim()) throw badInput(because('FILE_EMPTY'));
    return this.start(ctx, schoolId, input.edFiJson != null ? 'ed-fi' : 'csv', () => [text]);
  }

  private async start(ctx: RequestContext, schoolId: number, format: TranscriptFormat, source: () => AsyncIterable<Buffer | string> | Iterable<Buffer | string>) {
    const row = await startImportJob<ImportRow, StagedRows>(this.db, {
      table: 'transcript_imports',
      queue: TRANSCRIPT_IMPORT_QUEUE,
      schoolId,
      requestedBy: ctx.caller!.user.id,
      columns: { format },
      stage: (m, importId) =>
        stageTranscript(m, { importId, batchSize: Math.max(this.batchSize, 1), maxRows: MAX_TRANSCRIPT_ROWS, maxRecordBytes: MAX_RECORD_BYTES }, format, source()),
    });
    return importView(row);
  }

  /** An import's progress and result, for staff of its school (another school's is as unknown as a wrong id). */
  async importStatus(ctx: RequestContext, id: string): Promise<TranscriptImportView> {
    const row = await findImportJob<ImportRow>(ctx, this.db, id, {
      table: 'transcript_imports',
      label: 'transcript import',
      notFound: TRANSCRIPT_POLICY_MESSAGES.importNotFound,
      can,
      reach: (user) => this.schools.accessibleSchoolIds(user),
    });
    return importView(row);
  }

  /** The job: the staged rows batch by batch, each batch and its progress in one transaction. */
  async processImport(importId: string, job: Pick<JobRow, 'attempts' | 'max_attempts'>, stopping: AbortSignal): Promise<void> {
    const [row] = returnedRows<ImportRow>(
      await this.db.query(`UPDATE transcript_imports SET state = 'running' WHERE id = $1 AND state IN ('queued', 'running') RETURNING *`, [importId]),
    );
    if (!row) return;
    const currentYearEnd = schoolYearEndOf(this.now());
    // Each batch starts past the last one taken: the rows already deleted stay in the key's index
    // until a vacuum, and a scan from the start would step over all of them every batch (the rate
    // fell from about 1,400 to 490 rows/s over a 1.5-million-row import). A new attempt starts at 0.
    let from = 0;
    try {
      for (;;) {
        const more = await this.db.transaction(async (m) => {
          await m.query(`SELECT id FROM transcript_imports WHERE id = $1 FOR UPDATE`, [importId]);
          const taken = returnedRows<{ idx: number; data: TranscriptRow }>(
            await m.query(
              `DELETE FROM transcript_import_rows WHERE import_id = $1 AND idx IN (
                 SELECT idx FROM transcript_import_rows WHERE import_id = $1 AND idx >= $3 ORDER BY idx LIMIT $2)
               RETURNING idx, data`,
              [importId, this.batchSize, from],
            ),
          );
          if (!taken.length) return false;
          from = Math.max(...taken.map((t) => t.idx)) + 1;
          const { counts, issues } = await saveTranscriptBatch(
            m,
            { schoolId: row.school_id, importId, currentYearEnd },
            taken.map((t) => t.data),
          );
          await m.query(
            `UPDATE transcript_imports SET done_rows = done_rows + $2, created = created + $3, updated = updated + $4, unchanged = unchanged + $5,
                    placed = placed + $6, errors = errors || $7::jsonb WHERE id = $1`,
            [importId, taken.length, counts.created, counts.updated, counts.unchanged, counts.placed, JSON.stringify(issues)],
          );
          return taken.length === this.batchSize;
        });
        if (!more) break;
        stopIfAsked(stopping);
      }
      await this.db.query(`UPDATE transcript_imports SET state = 'done', finished_at = now() WHERE id = $1`, [importId]);
    } catch (e) {
      if (job.attempts >= job.max_attempts && !(e instanceof JobInterrupted)) {
        await this.db.query(`UPDATE transcript_imports SET state = 'failed', error = $2, finished_at = now() WHERE id = $1`, [importId, 'TRANSCRIPT_IMPORT_STOPPED']);
        await this.db.query(`DELETE FROM transcript_import_rows WHERE import_id = $1`, [importId]);
      }
      throw e;
    }
  }

  /** Staff: a student's course history from the school's record (their school's students only). */
  async studentRecords(ctx: RequestContext, studentId: unknown): Promise<TranscriptRecordView[]> {
    const caller = authorize(ctx, can, 'viewRecords', null);
    const id = parseId(studentId, 'student');
    const [student]: { school_id: number | null; user_type: number }[] = await this.db.query(`SELECT school_id, user_type FROM users WHERE id = $1`, [id]);
    const schoolId = student && student.user_type === UserType.Student ? student.school_id : null;
    if (!student) throw notFound(because(TRANSCRIPT_POLICY_MESSAGES.studentNotFound));
    authorize(ctx, can, 'viewRecords', { schoolId, reach: await this.schools.accessibleSchoolIds(caller.user) });
    return this.records(this.db.manager, { studentId: id });
  }

  /**
   * Staff correct a record: grade, units earned and/or status, with a reason. The record and its
   * plan entry change in one transaction with the access-log row that keeps the reason and the
   * change (the file's own values stay in source_*, so the next import sees the correction as
   * standing until the school's file says something else).
   */
  async correct(ctx: RequestContext, recordId: unknown, input: CorrectionInput): Promise<TranscriptRecordView> {
    const caller = authorize(ctx, can, 'correct', null);
    const id = parseId(recordId, 'transcript record');
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reason || reason.length > MAX_CORRECTION_REASON || /(?![\t\n\r])\p{Cc}/u.test(reason)) {
      throw badInput(because('TRANSCRIPT_CORRECTION_REASON_REQUIRED', { max: MAX_CORRECTION_REASON }));
    }
    const grade = input.grade == null ? undefined : String(input.grade).trim();
    if (grade !== undefined && (grade.length > MAX_GRADE_LENGTH || /\p{Cc}/u.test(grade)))
      throw badInput(because('TRANSCRIPT_ROW_GRADE_TOO_LONG', { max: MAX_GRADE_LENGTH }));
    const units = input.unitsEarned == null ? undefined : Number(input.unitsEarned);
    if (units !== undefined && !(Number.isFinite(units) && units >= 0 && units <= 100))
      throw badInput(because('TRANSCRIPT_ROW_UNITS_INVALID', { value: String(input.unitsEarned) }));
    const status = input.status == null ? undefined : String(input.status);
    if (status !== undefined && !TRANSCRIPT_STATUSES.includes(status as TranscriptStatus)) throw badInput(because('TRANSCRIPT_STATUS_INVALID'));
    if (grade === undefined && units === undefined && status === undefined) throw badInput(because('TRANSCRIPT_CORRECTION_EMPTY'));
    const reach = await this.schools.accessibleSchoolIds(caller.user);
    return this.db.transaction(async (m) => {
      const [before]: (PlacedRecord & { school_id: number; units_earned: string | null })[] = await m.query(
        `SELECT id, school_id, student_id, course_id, school_year, term, grade_level, grade, units_earned, status FROM transcript_records WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!before) throw notFound(because(TRANSCRIPT_POLICY_MESSAGES.recordNotFound));
      authorize(ctx, can, 'correct', { schoolId: before.school_id, reach });
      const [after] = returnedRows<PlacedRecord & { units_earned: string | null }>(
        await m.query(
          `UPDATE transcript_records SET grade = COALESCE($2, grade), units_earned = CASE WHEN $3::boolean THEN $4::numeric ELSE units_earned END,
                status = COALESCE($5, status), corrected_by = $6, corrected_at = now(), updated_at = now()
          WHERE id = $1 RETURNING id, student_id, course_id, school_year, term, grade_level, grade, units_earned, status`,
          [id, grade ?? null, units !== undefined, units ?? null, status ?? null, caller.actingUserId ?? caller.user.id],
        ),
      );
      const [student]: { grade: string | null; academic_year_labels: string[] | null }[] = await m.query(`SELECT grade, academic_year_labels FROM users WHERE id = $1`, [
        before.student_id,
      ]);
      await placeRecords(m, [after], new Map([[before.student_id, student]]), schoolYearEndOf(this.now()));
      const change = [
        grade !== undefined && grade !== before.grade ? `grade ${before.grade || '(none)'} → ${grade || '(none)'}` : null,
        units !== undefined && Number(before.units_earned) !== units ? `units ${before.units_earned ?? '(none)'} → ${units}` : null,
        status !== undefined && status !== before.status ? `status ${before.status} → ${status}` : null,
      ].filter(Boolean);
      await recordAccess(m, caller, {
        studentId: before.student_id,
        schoolId: before.school_id,
        action: 'transcript_correction',
        reason: `${reason} (record ${id}, ${before.school_year} ${before.term}: ${change.join('; ') || 'no change'})`,
      });
      const [view] = await this.records(m, { recordId: id });
      return view;
    });
  }

  private async records(m: Pick<EntityManager, 'query'>, where: { studentId?: number; recordId?: number }): Promise<TranscriptRecordView[]> {
    const rows: {
      id: number;
      student_id: number;
      course_id: number;
      code: string;
      title: string;
      school_year: string;
      term: string;
      grade_level: number | null;
      grade: string;
      units_earned: string | null;
      status: TranscriptStatus;
      corrected_at: Date | null;
    }[] = await m.query(
      `SELECT t.id, t.student_id, t.course_id, c.course_id AS code, c.title, t.school_year, t.term, t.grade_level, t.grade, t.units_earned, t.status, t.corrected_at
         FROM transcript_records t JOIN courses c ON c.id = t.course_id
        WHERE ${where.recordId !== undefined ? 't.id = $1' : 't.student_id = $1'}
        ORDER BY t.school_year, t.term, c.course_id`,
      [where.recordId ?? where.studentId],
    );
    return rows.map((r) => ({
      id: r.id,
      studentId: r.student_id,
      courseId: r.course_id,
      courseCode: r.code,
      courseTitle: r.title,
      schoolYear: r.school_year,
      term: r.term,
      gradeLevel: r.grade_level,
      grade: r.grade,
      unitsEarned: r.units_earned === null ? null : Number(r.units_earned),
      status: r.status,
      corrected: r.corrected_at !== null,
    }));
  }
}

/** JSON by its first character that is not white space ([ or {), as a script may send it without a name. */
async function startsLikeJson(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return head.startsWith('[') || head.startsWith('{');
  } finally {
    await handle.close();
  }
}

function importView(row: ImportRow): TranscriptImportView {
  return {
    id: row.id,
    state: row.state,
    format: row.format,
    totalRows: row.total_rows,
    doneRows: row.done_rows,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    placed: row.placed,
    errors: [...row.errors].sort((a, b) => a.line - b.line),
    ...storedFailure(row.error),
  };
}
