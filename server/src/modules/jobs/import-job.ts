/**
 * An import read from an uploaded file and saved by a job (the roster's, the transcripts'): one way
 * to start it, answer its status and answer its upload route, each import naming its table, queue,
 * policy and staging.
 *
 * - Start: the import row is created, the file's rows staged and the job queued in one transaction
 *   (a file that cannot be read at all stores nothing and is a 400 with its reason).
 * - Status: staff of a school the caller reaches; another school's import is as unknown as a wrong id.
 * - Upload: the file is received (core/file-upload.ts), handed to the import, answered 202 with the
 *   import's address, and deleted once read whatever happened.
 */
import { rm } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { CsvFileError } from '../../core/csv-records.js';
import { badInput, because, notFound, type Reason } from '../../core/errors.js';
import { receiveFile, type ReceivedFile, type UploadLimits } from '../../core/file-upload.js';
import { parseUuid } from '../../core/ids.js';
import { authorize, type Can } from '../../core/policy.js';
import { returnedRows } from '../../core/returned-rows.js';
import type { User } from '../accounts/user.entity.js';
import { enqueueJob } from './job-queue.js';

/** The tables of imports run by a job (the names are this code's, never a request's). */
export type ImportTable = 'roster_imports' | 'transcript_imports';

/** What staging a file tells: its data rows, and how many of them were refused at once (counted done). */
export interface StagedRows {
  total: number;
  rejected: number;
}

export interface ImportJobStart<R extends StagedRows> {
  table: ImportTable;
  queue: string;
  schoolId: number;
  requestedBy: number;
  /** Columns of the new import besides its school and requester. */
  columns?: Record<string, string | number>;
  /** Stages the file's rows for the import (in the transaction that creates it). */
  stage: (m: EntityManager, importId: string) => Promise<R>;
  /** Columns the staging result sets besides total_rows and done_rows. */
  staged?: (result: R) => Record<string, string | number>;
}

const COLUMN = /^[a-z_]+$/;

function columnNames(columns: Record<string, string | number>): string[] {
  const names = Object.keys(columns);
  for (const name of names) if (!COLUMN.test(name)) throw new Error(`Not a column name: ${name}`);
  return names;
}

/** Creates the import, stages its rows and queues its job, all or nothing; the import's row as stored. */
export async function startImportJob<Row, R extends StagedRows>(db: DataSource, start: ImportJobStart<R>): Promise<Row> {
  const extra = start.columns ?? {};
  const names = columnNames(extra);
  try {
    return await db.transaction(async (m) => {
      const [created]: { id: string }[] = await m.query(
        `INSERT INTO ${start.table} (school_id, requested_by${names.map((n) => `, ${n}`).join('')})
         VALUES ($1, $2${names.map((_, i) => `, $${i + 3}`).join('')}) RETURNING id`,
        [start.schoolId, start.requestedBy, ...names.map((n) => extra[n])],
      );
      const result = await start.stage(m, created.id);
      const set = start.staged?.(result) ?? {};
      const setNames = columnNames(set);
      const [updated] = returnedRows<Row>(
        await m.query(`UPDATE ${start.table} SET total_rows = $2, done_rows = $3${setNames.map((n, i) => `, ${n} = $${i + 4}`).join('')} WHERE id = $1 RETURNING *`, [
          created.id,
          result.total,
          result.rejected,
          ...setNames.map((n) => set[n]),
        ]),
      );
      await enqueueJob(m, start.queue, { importId: created.id }, { singletonKey: created.id, maxAttempts: 5 });
      return updated;
    });
  } catch (e) {
    if (e instanceof CsvFileError) throw badInput(e.why);
    throw e;
  }
}

export interface ImportJobLookup {
  table: ImportTable;
  /** The import as a wrong id names it ("roster import"). */
  label: string;
  /** The refusal of an import that does not exist (the same as one out of reach). */
  notFound: Reason;
  /** The area's policy: its viewImport action, without an object (may the caller at all) and with one. */
  can: Can<'viewImport', null | { schoolId: number; reach: number[] }>;
  /** The schools the caller reaches. */
  reach: (user: User) => Promise<number[]>;
}

/** An import's stored row, for staff of a school the caller reaches. */
export async function findImportJob<Row extends { school_id: number }>(ctx: RequestContext, db: DataSource, id: string, lookup: ImportJobLookup): Promise<Row> {
  const caller = authorize(ctx, lookup.can, 'viewImport', null);
  const [row]: Row[] = await db.query(`SELECT * FROM ${lookup.table} WHERE id = $1`, [parseUuid(id, lookup.label)]);
  if (!row) throw notFound(because(lookup.notFound));
  authorize(ctx, lookup.can, 'viewImport', { schoolId: row.school_id, reach: await lookup.reach(caller.user) });
  return row;
}

export interface ImportUpload<V extends { id: string }> {
  /** Checked before the file is read (a caller who may not import sends no file to disk). */
  assertCanImport: () => Promise<unknown>;
  limits: UploadLimits;
  start: (file: ReceivedFile) => Promise<V>;
  /** Where the import's progress is read (GET). */
  location: (started: V) => string;
  json: (started: V) => unknown;
}

/** The upload route's answer: 202 Accepted (a job saves the rows) with the import's address and progress. */
export async function answerImportUpload<V extends { id: string }>(req: Request, res: Response, upload: ImportUpload<V>): Promise<void> {
  await upload.assertCanImport();
  try {
    const started = await upload.start(await receiveFile(req, res, upload.limits));
    res.status(202).location(upload.location(started)).json(upload.json(started));
  } finally {
    if (req.file?.path) await rm(req.file.path, { force: true });
  }
}
