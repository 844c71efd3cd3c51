/**
 * Reads a CSV file as a stream of records with their line numbers, with csv-parse (RFC 4180:
 * quoted fields, doubled quotes, CRLF or LF, a UTF-8 byte-order mark). Memory stays flat: one
 * record at a time. The file must be UTF-8 text (decoded strictly, so a binary file is refused),
 * no record may exceed `maxRecordBytes` (a huge line is refused, not buffered), and a file with
 * more than `maxRecords` rows is refused. Rows with a different field count are passed on (the
 * caller reports them as row errors); blank lines are skipped.
 */
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { because, englishOf, type ReasonMessage } from './errors.js';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

/** A file that cannot be read at all: answered as a 400 with this message. */
/** A file that cannot be read at all, with why (answered 400). */
export class CsvFileError extends Error {
  constructor(readonly why: ReasonMessage) {
    super(englishOf(why));
  }
}

export interface CsvLimits {
  maxRecordBytes: number;
  maxRecords: number;
  /** Names the file in messages, e.g. "users.csv"; empty for a lone upload. */
  fileName?: string;
}

/** A row's refusals name the file too when it is one of a bundle's. */
export const CSV_MESSAGES = {
  notText: (file = 'The file') => because('CSV_NOT_TEXT', { file }),
  tooManyRows: (file: string, max: number) => because('CSV_TOO_MANY_ROWS', { file, max: max.toLocaleString('en-US') }),
  recordTooLong: (line: number, max: number, file?: string) =>
    file ? because('CSV_ROW_TOO_LONG_IN_FILE', { file, line, max: Math.round(max / 1024) }) : because('CSV_ROW_TOO_LONG', { line, max: Math.round(max / 1024) }),
  quote: (line: number, file?: string) => (file ? because('CSV_QUOTE_NOT_CLOSED_IN_FILE', { file, line }) : because('CSV_QUOTE_NOT_CLOSED', { line })),
  syntax: (line: number, file?: string) => (file ? because('CSV_SYNTAX_IN_FILE', { file, line }) : because('CSV_SYNTAX', { line })),
} as const;
const BREAKS = /\r\n|\r|\n/g;

/** Strict UTF-8 decoding, chunk by chunk (a character split across chunks is kept whole). */
export async function* utf8Text(input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, fileName?: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    for await (const chunk of input) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (text.includes('\u0000')) throw new CsvFileError(CSV_MESSAGES.notText(fileName || undefined));
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (e) {
    if (e instanceof CsvFileError) throw e;
    if (e instanceof TypeError) throw new CsvFileError(CSV_MESSAGES.notText(fileName || undefined));
    throw e;
  }
}

export async function* csvRecords(input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, limits: CsvLimits): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, relax_column_count: true, raw: true, max_record_size: limits.maxRecordBytes });
  // pipeline, not pipe: a decoding error reaches the loop below (and an early stop closes the source).
  pipeline(Readable.from(utf8Text(input, limits.fileName)), parser, () => {});
  let line = 1;
  let rows = 0;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const start = line;
      // The record's own line breaks (inside quoted fields), then the one that ends it.
      line += (raw.replace(/[\r\n]+$/, '').match(BREAKS)?.length ?? 0) + 1;
      if (record.length === 1 && record[0].trim() === '') continue;
      if (++rows > limits.maxRecords + 1) throw new CsvFileError(CSV_MESSAGES.tooManyRows(limits.fileName ?? 'The file', limits.maxRecords));
      yield { line: start, fields: record };
    }
  } catch (e) {
    parser.destroy();
    if (e instanceof CsvError) {
      const at = typeof e.lines === 'number' ? e.lines : line;
      if (e.code === 'CSV_MAX_RECORD_SIZE') throw new CsvFileError(CSV_MESSAGES.recordTooLong(at, limits.maxRecordBytes, limits.fileName));
      if (e.code === 'CSV_QUOTE_NOT_CLOSED') throw new CsvFileError(CSV_MESSAGES.quote(at, limits.fileName));
      throw new CsvFileError(CSV_MESSAGES.syntax(at, limits.fileName));
    }
    throw e;
  }
}
