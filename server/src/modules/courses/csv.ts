/**
 * An RFC 4180 CSV reader: comma-separated fields, fields in double quotes may hold commas, line
 * breaks and doubled quotes (""), records end with CRLF or LF (a lone CR too), a leading UTF-8 BOM
 * is dropped. Curly quotes (“ ” ‘ ’) are ordinary characters. Each record carries the 1-based line
 * of the file on which it starts, so errors can name it.
 */
import { reasonText } from '@planner/shared';

export interface CsvRecord {
  /** The 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: 'CSV_QUOTE_INSIDE_FIELD' | 'CSV_TEXT_AFTER_QUOTE' | 'CSV_QUOTE_NEVER_CLOSED',
  ) {
    super(reasonText(reason, { line: String(line) }));
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let quoteStartLine = 1;
  // Whether the current field started with a quote and that quoted part has closed.
  let afterQuoted = false;
  let i = 0;
  const n = text.length;

  const endField = () => {
    fields.push(field);
    field = '';
    afterQuoted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line (one empty field) is not a record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < n) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        afterQuoted = true;
        i += 1;
        continue;
      }
      if (c === '\r') {
        // CRLF inside quotes is kept as a line break (normalised to \n).
        field += '\n';
        i += text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        continue;
      }
      if (c === '\n') line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (field === '' && !afterQuoted) {
        inQuotes = true;
        quoteStartLine = line;
        i += 1;
        continue;
      }
      throw new CsvSyntaxError(line, 'CSV_QUOTE_INSIDE_FIELD');
    }
    if (afterQuoted && c !== ',' && c !== '\r' && c !== '\n') {
      throw new CsvSyntaxError(line, 'CSV_TEXT_AFTER_QUOTE');
    }
    if (c === ',') {
      endField();
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += c;
    i += 1;
  }
  if (inQuotes) throw new CsvSyntaxError(quoteStartLine, 'CSV_QUOTE_NEVER_CLOSED');
  if (field !== '' || fields.length > 0 || afterQuoted) endRecord();
  return records;
}

/** Writes one CSV field, quoting it when needed (used by tests and exports). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A cell of an export a person opens in a spreadsheet: one starting with = + - @ (or a tab or CR)
 * would be read as a formula, and names and reasons are typed by people, so it gets a leading
 * apostrophe; then it is written as a CSV field.
 */
export function spreadsheetCell(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}
