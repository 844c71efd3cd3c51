/**
 * Reads a transcript upload once, streaming, into staging rows (transcript_import_rows) the job
 * then saves batch by batch, as the roster import stages its people (roster-staging.ts): a CSV
 * through the shared CSV reader (core/csv-records.ts), Ed-Fi JSON through ed-fi-json.ts, each row
 * checked by the one rule of transcript-rows.ts. Rows that cannot be saved are appended to the
 * import's errors with their line and reason as the reading goes, so memory holds one batch. A
 * row repeating an earlier one (same student, course, year and term) is found by the staging
 * table's unique index. Runs inside the upload's transaction: a file refused whole (CsvFileError,
 * a 400) leaves nothing behind.
 */
import type { EntityManager } from 'typeorm';
import { CsvFileError, csvRecords } from '../../core/csv-records.js';
import { because } from '../../core/errors.js';
import { edFiRow } from './ed-fi.js';
import { jsonRecords } from './ed-fi-json.js';
import { checkRow, issueOf, matchHeader, recordKey, type RawRow, type TranscriptColumn, type TranscriptIssue, type TranscriptRow } from './transcript-rows.js';

export type TranscriptFormat = 'csv' | 'ed-fi';
type Source = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

export interface TranscriptStagingContext {
  importId: string;
  batchSize: number;
  maxRows: number;
  maxRecordBytes: number;
}

export interface TranscriptStagingResult {
  total: number;
  rejected: number;
}

const COLUMNS: TranscriptColumn[] = ['student_id', 'email', 'course_code', 'school_year', 'term', 'grade', 'units_earned', 'status', 'grade_level'];

/** Each checked row of the file with its line (or the reason it was refused). */
async function* csvRows(source: Source, ctx: TranscriptStagingContext): AsyncGenerator<{ row: TranscriptRow } | { issue: TranscriptIssue }> {
  const records = csvRecords(source, { maxRecords: ctx.maxRows, maxRecordBytes: ctx.maxRecordBytes });
  const first = await records.next();
  if (first.done) throw new CsvFileError(because('FILE_EMPTY'));
  const header = first.value.fields.map((f) => f.trim());
  const { index, missing } = matchHeader(header);
  if (missing.length) throw new CsvFileError(because('TRANSCRIPT_HEADER', { columns: missing.join(', ') }));
  for await (const rec of records) {
    const raw = Object.fromEntries(COLUMNS.map((c) => [c, index[c] === undefined ? '' : (rec.fields[index[c]!] ?? '')])) as RawRow;
    if (rec.fields.length !== header.length) {
      yield { issue: issueOf(rec.line, raw.student_id || raw.email, raw.course_code, because('ROW_FIELD_COUNT', { got: rec.fields.length, want: header.length })) };
      continue;
    }
    yield checkRow(rec.line, raw);
  }
}

async function* edFiRows(source: Source, ctx: TranscriptStagingContext): AsyncGenerator<{ row: TranscriptRow } | { issue: TranscriptIssue }> {
  for await (const { line, record } of jsonRecords(source, { maxRecords: ctx.maxRows, maxRecordBytes: ctx.maxRecordBytes })) {
    yield checkRow(line, edFiRow(record), { statusRequired: true });
  }
}

export async function stageTranscript(m: EntityManager, ctx: TranscriptStagingContext, format: TranscriptFormat, source: Source): Promise<TranscriptStagingResult> {
  let total = 0;
  let rejected = 0;
  let idx = 0;
  let rows: TranscriptRow[] = [];
  let issues: TranscriptIssue[] = [];
  const flush = async () => {
    if (rows.length) issues.push(...(await insertStaged(m, ctx.importId, rows, () => idx++)));
    if (issues.length) await m.query(`UPDATE transcript_imports SET errors = errors || $2::jsonb WHERE id = $1`, [ctx.importId, JSON.stringify(issues)]);
    rejected += issues.length;
    rows = [];
    issues = [];
  };
  for await (const checked of format === 'csv' ? csvRows(source, ctx) : edFiRows(source, ctx)) {
    total += 1;
    if ('issue' in checked) issues.push(checked.issue);
    else rows.push(checked.row);
    if (rows.length + issues.length >= ctx.batchSize) await flush();
  }
  await flush();
  if (!total && format === 'csv') throw new CsvFileError(because('FILE_EMPTY'));
  return { total, rejected };
}

/** One INSERT per batch; a repeat of an earlier row's key is skipped and reported with the first one's line. */
async function insertStaged(m: EntityManager, importId: string, rows: TranscriptRow[], nextIdx: () => number): Promise<TranscriptIssue[]> {
  const staged = rows.map((row) => ({ idx: nextIdx(), record_key: recordKey(row), data: row }));
  const inserted: { idx: number }[] = await m.query(
    `INSERT INTO transcript_import_rows (import_id, idx, record_key, data)
     SELECT $1, r.idx, r.record_key, r.data FROM jsonb_to_recordset($2::jsonb) AS r(idx int, record_key text, data jsonb)
     ON CONFLICT DO NOTHING RETURNING idx`,
    [importId, JSON.stringify(staged)],
  );
  if (inserted.length === staged.length) return [];
  const kept = new Set(inserted.map((r) => r.idx));
  const repeats = staged.filter((s) => !kept.has(s.idx));
  const firsts: { record_key: string; line: number }[] = await m.query(
    `SELECT record_key, (data->>'line')::int AS line FROM transcript_import_rows WHERE import_id = $1 AND record_key = ANY($2::text[])`,
    [importId, repeats.map((r) => r.record_key)],
  );
  const lineOf = new Map(firsts.map((f) => [f.record_key, f.line]));
  return repeats.map(({ data, record_key }) =>
    issueOf(data.line, data.studentId || data.email, data.courseCode, because('TRANSCRIPT_ROW_REPEATED', { line: lineOf.get(record_key) ?? 0 })),
  );
}
