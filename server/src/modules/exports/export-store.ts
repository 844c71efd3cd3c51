/**
 * Files built by background jobs (the `exports` table), stored in the database as chunk rows
 * (`export_chunks`): every replica can serve a file another one built, a backup holds them like
 * every other file, and neither building nor downloading holds a whole file in memory — the
 * builder writes a chunk each CHUNK_BYTES, the download reads one chunk at a time.
 *
 * The chunks of a file belong to one run (run_id) of its job; a run that was taken over (a
 * crashed or stopped worker) leaves chunks under another run_id, deleted when the new run starts.
 * Exports expire (EXPORT_TTL_HOURS); a cleanup job due at each expiry deletes every expired one.
 */
import { Readable, Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../../core/returned-rows.js';
import { enqueueJob } from '../jobs/job-queue.js';

export const EXPORT_CLEANUP_QUEUE = 'exports.cleanup';
const CHUNK_BYTES = 512 * 1024;

/** A Writable that stores what it is given as numbered chunk rows of one export run. */
export class ExportChunkWriter extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  /** Bytes stored so far. */
  bytes = 0;

  constructor(
    private readonly db: DataSource,
    private readonly exportId: string,
    private readonly runId: string,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    super({ highWaterMark: chunkBytes });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.chunkBytes) return callback();
    this.flush().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush().then(() => callback(), callback);
  }

  private async flush(): Promise<void> {
    if (!this.pendingBytes) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.db.query(`INSERT INTO export_chunks (export_id, run_id, seq, data) VALUES ($1, $2, $3, $4)`, [this.exportId, this.runId, this.seq, data]);
    this.seq += 1;
    this.bytes += data.length;
  }
}

/** The stored file of an export run, read one chunk per query. */
export function readExportChunks(db: DataSource, exportId: string, runId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [row]: { data: Buffer }[] = await db.query(`SELECT data FROM export_chunks WHERE export_id = $1 AND run_id = $2 AND seq = $3`, [exportId, runId, seq]);
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Queues the cleanup that deletes the export once it expires. */
export async function scheduleExportCleanup(db: DataSource, expiresAt: Date): Promise<void> {
  // One job per minute of expiry is plenty: each run deletes every export expired by then.
  const due = new Date(Math.ceil(expiresAt.getTime() / 60_000) * 60_000);
  await enqueueJob(db, EXPORT_CLEANUP_QUEUE, {}, { runAt: due, singletonKey: due.toISOString() });
}

/** The cleanup job: deletes every expired export with its chunks; answers how many. */
export async function deleteExpiredExports(db: DataSource): Promise<number> {
  return returnedRows(await db.query(`DELETE FROM exports WHERE expires_at <= now() RETURNING id`)).length;
}
