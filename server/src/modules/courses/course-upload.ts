/**
 * The course CSV upload (spec 2 §5): who may import, the file checks (size, type, UTF-8, not
 * empty), then catalogue-import.ts validates the rows and catalogue-store.ts writes them into the
 * caller's school of record, all good rows in one transaction.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because } from '../../core/errors.js';
import { limit } from '../../core/rate-limit.js';
import { hasNul } from '../../core/validation.js';
import { staffReach } from './course-access.js';
import { CsvFileError } from './catalogue-import.js';
import { importCatalogue, type ImportResult } from './catalogue-store.js';

export const UPLOAD_MESSAGES = {
  noSchool: 'JOIN_A_SCHOOL_FIRST',
  fileMissing: 'CSV_FILE_MISSING',
  notCsv: 'COURSE_FILE_NOT_CSV',
  emptyFile: 'FILE_EMPTY',
} as const;

export const tooLargeMessage = (bytes: number) => because('FILE_TOO_LARGE', { size: formatBytes(bytes) });
const formatBytes = (b: number) => (b % (1024 * 1024) === 0 ? `${b / (1024 * 1024)} MB` : `${Math.round(b / 1024)} KB`);

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'];

export interface UploadedFile {
  bytes: Buffer;
  filename?: string | null;
  mimetype?: string | null;
}

export class CourseUploadService {
  constructor(
    private readonly db: DataSource,
    private readonly csvMaxBytes: number,
  ) {}

  get maxCsvBytes(): number {
    return this.csvMaxBytes;
  }

  /** Refuses callers who may not import before the file is read; the school imported into. */
  async assertCanImport(ctx: RequestContext): Promise<number> {
    const reach = await staffReach(ctx);
    if (reach.schoolId === null) throw badInput(because(UPLOAD_MESSAGES.noSchool));
    return reach.schoolId;
  }

  /** Imports a course CSV into the caller's school of record, all good rows in one transaction. */
  async importCsv(ctx: RequestContext, file: UploadedFile): Promise<ImportResult> {
    const schoolId = await this.assertCanImport(ctx);
    await limit(ctx, 'upload');
    if (file.bytes.length > this.csvMaxBytes) throw badInput(tooLargeMessage(this.csvMaxBytes));
    const name = (file.filename ?? '').toLowerCase();
    const type = (file.mimetype ?? '').toLowerCase();
    if (file.filename != null && !name.endsWith('.csv') && !CSV_TYPES.includes(type)) throw badInput(because(UPLOAD_MESSAGES.notCsv));
    if (!file.bytes.length) throw badInput(because(UPLOAD_MESSAGES.emptyFile));
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      throw badInput(because(UPLOAD_MESSAGES.notCsv));
    }
    if (hasNul(text)) throw badInput(because(UPLOAD_MESSAGES.notCsv));
    if (!text.trim()) throw badInput(because(UPLOAD_MESSAGES.emptyFile));
    try {
      return await this.db.transaction((m) => importCatalogue(m, schoolId, text));
    } catch (e) {
      if (e instanceof CsvFileError) throw badInput(e.why);
      throw e;
    }
  }
}
