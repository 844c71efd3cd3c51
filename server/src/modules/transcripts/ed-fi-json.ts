/**
 * Reads an Ed-Fi courseTranscripts JSON array record by record with stream-json (a maintained
 * streaming parser: memory holds one record, never the file). stream-json says it is not made for
 * hostile input, so this reader bounds what one record may hold before it is assembled: the top
 * level must be an array of objects, nesting at most MAX_DEPTH deep, at most MAX_RECORD_TOKENS
 * tokens and `maxRecordBytes` of keys and strings per record, and at most `maxRecords` records.
 * Text is decoded strictly as UTF-8 first (the CSV reader's decoder). Every refusal is a
 * CsvFileError (a 400, the file refused whole).
 */
import { pipeline, Readable } from 'node:stream';
import parser from 'stream-json/parser.js';
import Assembler from 'stream-json/assembler.js';
import { CsvFileError, utf8Text } from '../../core/csv-records.js';
import { because } from '../../core/errors.js';

export const MAX_DEPTH = 6;
export const MAX_RECORD_TOKENS = 2_000;

export const ED_FI_MESSAGES = {
  notArray: because('TRANSCRIPT_JSON_NOT_ARRAY'),
  syntax: because('TRANSCRIPT_JSON_SYNTAX'),
  recordTooLarge: (record: number) => because('TRANSCRIPT_JSON_RECORD_TOO_LARGE', { record }),
  tooManyRecords: (max: number) => because('CSV_TOO_MANY_ROWS', { file: 'The file', max: max.toLocaleString('en-US') }),
} as const;

export interface JsonLimits {
  maxRecords: number;
  maxRecordBytes: number;
}

/** Each element of the top-level array with its 1-based position. */
export async function* jsonRecords(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  limits: JsonLimits,
): AsyncGenerator<{ line: number; record: unknown }> {
  const tokens = parser.asStream({ streamValues: false });
  pipeline(Readable.from(utf8Text(input)), tokens, () => {});
  let depth = 0;
  let position = 0;
  let asm: Assembler | null = null;
  let count = 0;
  let bytes = 0;
  try {
    for await (const t of tokens as AsyncIterable<parser.Token>) {
      if (t.name === 'whitespace') continue;
      if (depth === 0) {
        if (t.name !== 'startArray') throw new CsvFileError(ED_FI_MESSAGES.notArray);
        depth = 1;
        continue;
      }
      if (depth === 1 && !asm) {
        if (t.name === 'endArray') {
          depth = 0;
          continue;
        }
        if (t.name !== 'startObject') throw new CsvFileError(ED_FI_MESSAGES.notArray);
        position += 1;
        if (position > limits.maxRecords) throw new CsvFileError(ED_FI_MESSAGES.tooManyRecords(limits.maxRecords));
        asm = new Assembler();
        count = 0;
        bytes = 0;
      }
      if (t.name === 'startObject' || t.name === 'startArray') depth += 1;
      else if (t.name === 'endObject' || t.name === 'endArray') depth -= 1;
      if ('value' in t && typeof t.value === 'string') bytes += t.value.length;
      if (depth > MAX_DEPTH + 1 || ++count > MAX_RECORD_TOKENS || bytes > limits.maxRecordBytes) throw new CsvFileError(ED_FI_MESSAGES.recordTooLarge(position));
      asm!.consume(t);
      if (depth === 1) {
        const record = asm!.current;
        asm = null;
        yield { line: position, record };
      }
    }
    if (depth !== 0) throw new CsvFileError(ED_FI_MESSAGES.syntax);
  } catch (e) {
    tokens.destroy();
    if (e instanceof CsvFileError) throw e;
    // The parser's own errors (a broken document): one refusal, no detail of its internals.
    throw new CsvFileError(ED_FI_MESSAGES.syntax);
  }
}
