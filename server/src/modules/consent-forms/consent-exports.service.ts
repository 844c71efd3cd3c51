/**
 * The queued consent-form export of the staff screen: the request only checks and records it
 * (an `exports` row) and queues a job; a worker on any replica builds the ZIP with the same writer
 * as POST /api/export-parent-forms/ into the database (export-store.ts), recording forms done of
 * the total; the download streams it back. Who may start, see and download an export is the
 * direct export's rule (ConsentFormsService.authorizeExport / requireExportStaff).
 *
 * Decisions: any staff member of the school may see and download its exports (as any of them may
 * run the direct export); an export stays downloadable for EXPORT_TTL_HOURS; a build that fails is
 * retried by the queue, and after its last attempt the export is 'failed' with a message.
 */
import crypto from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { notFound, because, storedFailure, type Reason } from '../../core/errors.js';
import { parseUuid } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { can } from './consent-forms.policy.js';
import { returnedRows } from '../../core/returned-rows.js';
import { enqueueJob, JobInterrupted, stopIfAsked, type JobRow } from '../jobs/job-queue.js';
import { ExportChunkWriter, readExportChunks, scheduleExportCleanup } from '../exports/export-store.js';
import type { ConsentFormsService } from './consent-forms.service.js';
import type { Checked } from '../../core/validation.js';
import type { ExportInput } from './consent-export-input.js';

export const CONSENT_EXPORT_QUEUE = 'consent.export';
const KIND = 'consent_forms';

export const EXPORT_JOB_MESSAGES = {
  notFound: 'EXPORT_NOT_FOUND',
  notReady: 'EXPORT_NOT_READY',
  expired: 'EXPORT_EXPIRED',
  failed: 'EXPORT_FAILED',
} as const;

/** An export's way through the background job (parent_form_exports.state). */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export interface ParentFormsExportView {
  id: string;
  state: ExportState;
  schoolId: number;
  grade: string;
  formsDone: number;
  formsTotal: number;
  /** Why the export failed: English, and as a reason code (null for an older export). */
  error: string | null;
  reason: Reason | null;
  fileName: string;
  /** Where the finished ZIP is downloaded (null until it is done). */
  downloadPath: string | null;
  createdAt: Date;
  expiresAt: Date;
}

interface ExportRow {
  id: string;
  state: ExportState;
  school_id: number;
  grade: string;
  requested_by: number | null;
  done_count: number;
  total_count: number;
  error: string | null;
  file_name: string;
  byte_size: string | null;
  run_id: string | null;
  created_at: Date;
  expires_at: Date;
}

export const exportDownloadPath = (id: string) => `/api/parent-form-exports/${id}/download/`;

export class ConsentExportsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly consentForms: ConsentFormsService,
  ) {}

  /** Records an export of the grade and queues its job (same input and refusals as the direct export). */
  async start(ctx: RequestContext, input: Checked<ExportInput>): Promise<ParentFormsExportView> {
    const request = await this.consentForms.authorizeExport(ctx, input);
    const row = await this.db.transaction(async (m) => {
      const [created]: ExportRow[] = await m.query(
        `INSERT INTO exports (kind, school_id, grade, requested_by, file_name, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6)) RETURNING *`,
        [KIND, request.schoolId, request.grade, request.actorId, request.fileName, this.config.exportTtlHours],
      );
      await enqueueJob(m, CONSENT_EXPORT_QUEUE, { exportId: created.id }, { singletonKey: created.id, maxAttempts: 3 });
      return created;
    });
    await scheduleExportCleanup(this.db, row.expires_at);
    return view(row);
  }

  /** One export, for staff of its school; another school's export is as unknown as a wrong id. */
  async get(ctx: RequestContext, id: string): Promise<ParentFormsExportView> {
    return view(await this.visible(ctx, id));
  }

  /** Streams the finished ZIP to what `open` answers (called with the file name once the download can start). */
  async download(ctx: RequestContext, id: string, open: (fileName: string, bytes: number) => Writable): Promise<void> {
    const row = await this.visible(ctx, id);
    if (row.expires_at.getTime() <= Date.now()) throw notFound(because(EXPORT_JOB_MESSAGES.expired));
    if (row.state !== 'done' || !row.run_id) throw notFound(because(EXPORT_JOB_MESSAGES.notReady));
    await pipeline(readExportChunks(this.db, row.id, row.run_id), open(row.file_name, Number(row.byte_size ?? 0)));
  }

  private async visible(ctx: RequestContext, id: string): Promise<ExportRow> {
    authorize(ctx, can, 'export', null);
    const [row]: ExportRow[] = await this.db.query(`SELECT * FROM exports WHERE id = $1 AND kind = $2`, [parseUuid(id, 'export'), KIND]);
    if (!row) throw notFound(because(EXPORT_JOB_MESSAGES.notFound));
    try {
      await this.consentForms.requireExportStaff(ctx, row.school_id);
    } catch (e) {
      if ((e as { code?: string }).code === 'FORBIDDEN') throw notFound(because(EXPORT_JOB_MESSAGES.notFound));
      throw e;
    }
    return row;
  }

  /**
   * The job: builds the ZIP into export_chunks under a new run id. A run that was taken over (its
   * worker crashed or stopped) starts again from the first form; its leftover chunks are deleted.
   */
  async build(exportId: string, job: Pick<JobRow, 'attempts' | 'max_attempts'>, stopping: AbortSignal): Promise<void> {
    const runId = crypto.randomBytes(9).toString('base64url');
    const [row] = returnedRows<ExportRow>(
      await this.db.query(
        `UPDATE exports SET state = 'running', run_id = $2, started_at = now(), done_count = 0, error = NULL
        WHERE id = $1 AND state IN ('queued', 'running') AND expires_at > now() RETURNING *`,
        [exportId, runId],
      ),
    );
    if (!row) return; // done, failed, expired or deleted meanwhile
    if (row.requested_by === null) {
      // The account that asked is gone: nobody to record as the reader of these forms.
      await this.db.query(`UPDATE exports SET state = 'failed', error = $2, finished_at = now() WHERE id = $1`, [exportId, EXPORT_JOB_MESSAGES.failed]);
      return;
    }
    await this.db.query(`DELETE FROM export_chunks WHERE export_id = $1 AND run_id <> $2`, [exportId, runId]);
    const total = await this.consentForms.countCompleted(row.school_id, row.grade);
    await this.db.query(`UPDATE exports SET total_count = $3 WHERE id = $1 AND run_id = $2`, [exportId, runId, total]);

    const out = new ExportChunkWriter(this.db, exportId, runId);
    try {
      const entries = await this.consentForms.writeCompletedZip({ actorId: row.requested_by, schoolId: row.school_id, grade: row.grade }, out, async (formsDone) => {
        await this.ownRun(exportId, runId, `done_count = ${Number(formsDone)}`);
        stopIfAsked(stopping);
      });
      await finished(out);
      await this.ownRun(exportId, runId, `state = 'done', finished_at = now(), done_count = ${entries}, byte_size = ${out.bytes}`);
    } catch (e) {
      out.destroy();
      // Taken over: the other run owns the export now, and finishes it.
      if (e instanceof RunTakenOver) return;
      // Stopping: the export stays 'running' and the next run starts it again.
      if (e instanceof JobInterrupted) throw e;
      const final = job.attempts >= job.max_attempts;
      await this.db.query(`UPDATE exports SET state = $3, error = $4, finished_at = CASE WHEN $3 = 'failed' THEN now() END WHERE id = $1 AND run_id = $2`, [
        exportId,
        runId,
        final ? 'failed' : 'queued',
        final ? EXPORT_JOB_MESSAGES.failed : null,
      ]);
      await this.db.query(`DELETE FROM export_chunks WHERE export_id = $1 AND run_id = $2`, [exportId, runId]);
      throw e;
    }
  }

  /** Updates the export only while this run owns it; another run having taken over stops this one. */
  private async ownRun(exportId: string, runId: string, set: string): Promise<void> {
    const rows = returnedRows(await this.db.query(`UPDATE exports SET ${set} WHERE id = $1 AND run_id = $2 RETURNING id`, [exportId, runId]));
    if (!rows.length) throw new RunTakenOver();
  }
}

/** Another worker took the export over (this one was presumed dead): this run stops quietly. */
class RunTakenOver extends Error {}

function view(row: ExportRow): ParentFormsExportView {
  return {
    id: row.id,
    state: row.state,
    schoolId: row.school_id,
    grade: row.grade,
    formsDone: row.done_count,
    formsTotal: row.total_count,
    ...storedFailure(row.error),
    fileName: row.file_name,
    downloadPath: row.state === 'done' ? exportDownloadPath(row.id) : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
