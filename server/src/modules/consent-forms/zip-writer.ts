/**
 * A small streaming ZIP writer: each entry is deflated (off the event loop; stored when that does not
 * make it smaller) and written as soon as it is added (local
 * header, data), only the central directory (a few dozen bytes per entry) is kept until the end.
 * Entries are held one at a time, so an export's memory does not grow with the number of files.
 * Limits: classic ZIP (no ZIP64) — at most 65,535 entries and 4 GB, far above one grade's forms.
 */
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Deflate on libuv's thread pool: a large export never blocks the event loop while compressing. */
const deflateRaw = promisify(zlib.deflateRaw);

const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  constructor(private readonly out: Writable) {}

  get entries(): number {
    return this.count;
  }

  /** Writes one file; resolves once the stream can take more (backpressure). */
  async add(name: string, data: Uint8Array, modified = new Date()): Promise<void> {
    if (this.count >= MAX_ENTRIES) throw new Error('Too many files for one ZIP archive.');
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = await deflateRaw(data);
    // Scans and most PDFs are compressed already: such an entry is stored as it is (method 0).
    const method = deflated.length < data.length ? 8 : 0;
    const compressed = method === 8 ? deflated : data;
    const crc = zlib.crc32(data);
    const { time, date } = dosDateTime(modified);
    if (this.offset + 30 + nameBytes.length + compressed.length > MAX_OFFSET) throw new Error('The ZIP archive would exceed 4 GB.');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8); // deflate or stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // version made by
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(this.offset, 42);
    this.central.push(header, nameBytes);

    this.offset += local.length + nameBytes.length + compressed.length;
    this.count += 1;
    // The header and the file go out as two writes: joining them would copy every PDF once more.
    this.out.write(Buffer.concat([local, nameBytes]));
    await this.write(compressed);
  }

  /** Writes the central directory and the end record, and ends the stream. */
  async finish(): Promise<void> {
    const directory = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    await this.write(Buffer.concat([directory, end]));
    await new Promise<void>((resolve) => this.out.end(resolve));
  }

  private write(chunk: Uint8Array): Promise<void> {
    if (this.out.destroyed) return Promise.reject(new Error('The download was closed.'));
    if (this.out.write(chunk)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (err?: Error) => {
        this.out.off('drain', onDrain);
        this.out.off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new Error('The download was closed.'));
      this.out.once('drain', onDrain);
      this.out.once('close', onClose);
    });
  }
}

/** A file name safe inside a ZIP on every system: letters, digits, '.', '_' and '-'. */
export function safeFileName(part: string): string {
  return (
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\p{L}\p{N}._-]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'unnamed'
  );
}
