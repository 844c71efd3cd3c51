/**
 * A OneRoster CSV bundle: a zip holding manifest.csv, orgs.csv, users.csv and (1.2) roles.csv,
 * read with yauzl straight from the uploaded file on disk, one entry streamed at a time.
 *
 * Hostile zips: the entry count is capped before anything is read; only the known file names are
 * read (matched on the name after the last "/", folders ignored, nothing is ever written to disk
 * under an entry's name); each read entry's declared size, and their total, are capped, and yauzl
 * checks while inflating that no entry yields more than it declared (a zip bomb stops there);
 * encrypted entries and names given twice are refused. Every refusal is a CsvFileError (a 400).
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { CsvFileError } from '../../../core/csv-records.js';
import { because } from '../../../core/errors.js';

export const BUNDLE_FILES = ['manifest.csv', 'orgs.csv', 'users.csv', 'roles.csv'] as const;
export type BundleFile = (typeof BUNDLE_FILES)[number];

export interface BundleLimits {
  maxEntries: number;
  /** Largest uncompressed size of one file read from the zip. */
  maxEntryBytes: number;
  /** Largest uncompressed size of the files read, together. */
  maxTotalBytes: number;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

export const BUNDLE_MESSAGES = {
  notZip: because('ZIP_UNREADABLE'),
  tooManyEntries: (max: number) => because('ZIP_TOO_MANY_FILES', { max }),
  noUsers: because('ZIP_NO_USERS'),
  twice: (name: string) => because('ZIP_FILE_TWICE', { name }),
  encrypted: (name: string) => because('ZIP_ENCRYPTED', { name }),
  entryTooLarge: (name: string, max: number) => because('ZIP_ENTRY_TOO_LARGE', { name, max: mb(max) }),
  totalTooLarge: (max: number) => because('ZIP_TOO_LARGE', { max: mb(max) }),
  damaged: (name: string) => because('ZIP_DAMAGED', { name }),
} as const;

export class Bundle {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly files: ReadonlyMap<BundleFile, yauzl.Entry>,
  ) {}

  static async open(path: string, limits: BundleLimits): Promise<Bundle> {
    let zip: yauzl.ZipFile;
    try {
      // decodeStrings off: a name like "../x" is not refused by yauzl but simply never read (we only match known names).
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false });
    } catch {
      throw new CsvFileError(BUNDLE_MESSAGES.notZip);
    }
    try {
      if (zip.entryCount > limits.maxEntries) throw new CsvFileError(BUNDLE_MESSAGES.tooManyEntries(limits.maxEntries));
      const files = new Map<BundleFile, yauzl.Entry>();
      let total = 0;
      try {
        for await (const entry of zip.eachEntry()) {
          const fileName = (entry.fileName as unknown as Buffer).toString('utf8').replaceAll('\\', '/');
          if (fileName.endsWith('/') || fileName.startsWith('__MACOSX/')) continue;
          const base = fileName.slice(fileName.lastIndexOf('/') + 1).toLowerCase() as BundleFile;
          if (!BUNDLE_FILES.includes(base)) continue;
          if (files.has(base)) throw new CsvFileError(BUNDLE_MESSAGES.twice(base));
          if (entry.isEncrypted()) throw new CsvFileError(BUNDLE_MESSAGES.encrypted(base));
          if (entry.uncompressedSize > limits.maxEntryBytes) throw new CsvFileError(BUNDLE_MESSAGES.entryTooLarge(base, limits.maxEntryBytes));
          total += entry.uncompressedSize;
          if (total > limits.maxTotalBytes) throw new CsvFileError(BUNDLE_MESSAGES.totalTooLarge(limits.maxTotalBytes));
          files.set(base, entry);
        }
      } catch (e) {
        if (e instanceof CsvFileError) throw e;
        throw new CsvFileError(BUNDLE_MESSAGES.notZip);
      }
      if (!files.has('users.csv')) throw new CsvFileError(BUNDLE_MESSAGES.noUsers);
      return new Bundle(zip, files);
    } catch (e) {
      zip.close();
      throw e;
    }
  }

  has(name: BundleFile): boolean {
    return this.files.has(name);
  }

  /** The file's bytes, streamed and inflated as they are read; a damaged or lying entry ends in a CsvFileError. */
  async *read(name: BundleFile): AsyncGenerator<Buffer> {
    const entry = this.files.get(name);
    if (!entry) return;
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw new CsvFileError(BUNDLE_MESSAGES.damaged(name));
    }
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch {
      throw new CsvFileError(BUNDLE_MESSAGES.damaged(name));
    } finally {
      stream.destroy();
    }
  }

  close(): void {
    this.zip.close();
  }
}
