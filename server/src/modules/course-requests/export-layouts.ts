/**
 * The column layouts of the course-request export, one per SIS import, and a school's own column
 * mapping. Pure: unit-tested without a database. Both adapters parse with `checkExportLayout`.
 *
 * Decisions (README, "Course requests for your SIS"):
 * - No SIS publishes its course-request import layout where we could read it, so each layout is our
 *   best reading of that SIS's own field names and conventions, not a confirmed template: a district
 *   checks it against its own import template and, where it differs, names its columns with a
 *   mapping (`columns`: our field to their header, in their order). What each layout holds:
 *   - generic: our five fields as named in the issue, the school year as "2027-2028", Y/N.
 *   - powerschool: Student_Number, Course_Number, YearID (PowerSchool numbers a school year by its
 *     first year less 1990: 2027-2028 is 37), Term, Alternate 1/0.
 *   - aeries: Student ID, Course ID (Aeries' CRS.CN), School Year, Term, Alternate Y/N.
 *   - infinite-campus: Student Number, Course Number, End Year (Infinite Campus' import wizard
 *     names a school year by its end year, 2028), Term, Alternate Y/N.
 * - school: the columns the school saved (its setting, `checkSavedColumns`), values as generic
 *   writes them; a `columns` parameter beside it wins for that one export.
 * - A mapping's headers are plain names (letters, digits, space, _ . # ( ) / -, first a letter or
 *   digit, at most 40): nothing a spreadsheet runs as a formula, no quotes or line breaks to break
 *   the CSV. Each of our fields at most once, no header twice (case aside); at least one.
 * - Every value cell is written as the existing export writes it: quoted where it holds a comma,
 *   quote or line break, and a leading = + - @ (or tab, CR) made inert with a leading apostrophe.
 */
import { badInput, because } from '../../core/errors.js';
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';
import { csvField } from '../courses/csv.js';

export const EXPORT_LAYOUT_MESSAGES = {
  layoutUnknown: 'COURSE_REQUEST_LAYOUT_UNKNOWN',
  columnsInvalid: 'COURSE_REQUEST_COLUMNS_INVALID',
  columnsNone: 'COURSE_REQUEST_COLUMNS_NONE',
} as const;
const M = EXPORT_LAYOUT_MESSAGES;

/** Our fields of a request, in the generic order. */
export const REQUEST_FIELDS = ['student_id', 'course_code', 'school_year', 'term', 'alternate'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

export const LAYOUT_NAMES = ['generic', 'powerschool', 'aeries', 'infinite-campus', 'school'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

interface Layout {
  headers: Record<RequestField, string>;
  year: (schoolYear: string) => string;
  alternate: (alternate: boolean) => string;
}

const startYear = (schoolYear: string) => Number(schoolYear.slice(0, 4));
const yesNo = (a: boolean) => (a ? 'Y' : 'N');

export const LAYOUTS: Record<LayoutName, Layout> = {
  generic: {
    headers: { student_id: 'student_id', course_code: 'course_code', school_year: 'school_year', term: 'term', alternate: 'alternate' },
    year: (y) => y,
    alternate: yesNo,
  },
  powerschool: {
    headers: { student_id: 'Student_Number', course_code: 'Course_Number', school_year: 'YearID', term: 'Term', alternate: 'Alternate' },
    year: (y) => String(startYear(y) - 1990),
    alternate: (a) => (a ? '1' : '0'),
  },
  aeries: {
    headers: { student_id: 'Student ID', course_code: 'Course ID', school_year: 'School Year', term: 'Term', alternate: 'Alternate' },
    year: (y) => y,
    alternate: yesNo,
  },
  'infinite-campus': {
    headers: { student_id: 'Student Number', course_code: 'Course Number', school_year: 'End Year', term: 'Term', alternate: 'Alternate' },
    year: (y) => String(startYear(y) + 1),
    alternate: yesNo,
  },
  // The saved columns' headers replace these; the values are generic's.
  school: {
    headers: { student_id: 'student_id', course_code: 'course_code', school_year: 'school_year', term: 'term', alternate: 'alternate' },
    year: (y) => y,
    alternate: yesNo,
  },
};

export interface ExportLayoutInput {
  layout: LayoutName;
  /** The columns in order with their headers: the layout's own, or the mapping's. */
  columns: ExportColumn[];
  /** Layout school without a `columns` parameter: the columns are the school's saved ones. */
  saved: boolean;
}

export interface ExportColumn {
  field: RequestField;
  header: string;
}

export const MAX_HEADER = 40;
const HEADER = /^[A-Za-z0-9][A-Za-z0-9 _.#()/-]*$/;

const columnSchema = z.object({ field: z.enum(REQUEST_FIELDS), header: text().refine((h) => h.length <= MAX_HEADER && HEADER.test(h)) });
const columnsSchema = z
  .array(columnSchema)
  .min(1)
  .max(REQUEST_FIELDS.length)
  .refine((cs) => new Set(cs.map((c) => c.field)).size === cs.length && new Set(cs.map((c) => c.header.toLowerCase())).size === cs.length);
const layoutSchema = z.object({ layout: z.enum(LAYOUT_NAMES).optional(), columns: columnsSchema.optional() });
const columnsRefusal = () => because(M.columnsInvalid, { fields: REQUEST_FIELDS.join(', '), max: MAX_HEADER });

/**
 * The layout and columns a call names: `layout` (default generic) and, optionally, `columns` as a
 * list of { field, header } (GraphQL) or as text "field:Header,field:Header" (REST's query string).
 */
export function checkExportLayout(raw: { layout?: unknown; columns?: unknown }): Checked<ExportLayoutInput> {
  return check(() => {
    const layoutRaw = raw.layout === undefined || raw.layout === null || raw.layout === '' ? undefined : raw.layout;
    if (layoutRaw !== undefined && !(LAYOUT_NAMES as readonly unknown[]).includes(layoutRaw)) {
      throw badInput(because(M.layoutUnknown, { layouts: LAYOUT_NAMES.join(', ') }));
    }
    const columnsRaw = raw.columns === undefined || raw.columns === null || raw.columns === '' ? undefined : columnList(raw.columns);
    const v = parseInput(layoutSchema, { layout: layoutRaw, columns: columnsRaw }, columnsRefusal());
    const layout = v.layout ?? 'generic';
    const columns = v.columns ?? REQUEST_FIELDS.map((field) => ({ field, header: LAYOUTS[layout].headers[field] }));
    return { layout, columns, saved: layout === 'school' && !v.columns };
  });
}

/**
 * A school's saved columns (its setting), by the export's own rule: a list of { field, header }
 * or the REST text "field:Header,...". Null or empty: none saved (the setting is cleared); no value
 * at all (a body without `columns`) is refused.
 */
export function checkSavedColumns(raw: unknown): Checked<ExportColumn[] | null> {
  return check(() => {
    // Clearing is asked for (null, empty); a call that names no columns at all is refused, not taken as "clear".
    if (raw === undefined) throw badInput(columnsRefusal());
    if (raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return null;
    return parseInput(columnsSchema, columnList(raw), columnsRefusal());
  });
}

/** REST's "field:Header,field:Header" as a list; anything else is passed on for the schema to refuse. */
function columnList(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  return raw.split(',').map((pair) => {
    const at = pair.indexOf(':');
    return at < 0 ? { field: pair, header: '' } : { field: pair.slice(0, at).trim(), header: pair.slice(at + 1).trim() };
  });
}

/** A CSV cell: quoted where needed, and a leading =, +, -, @ (or tab, CR) made inert for spreadsheets. */
export const exportCell = (v: string) => csvField(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export interface ExportRow {
  rosteredId: string;
  courseCode: string;
  schoolYear: string;
  term: string;
  alternate: boolean;
}

/** The export file: the header line, then one line per request, CRLF line ends as RFC 4180 writes them. */
export function writeExport(input: ExportLayoutInput, rows: readonly ExportRow[]): string {
  const layout = LAYOUTS[input.layout];
  const value = (r: ExportRow, f: RequestField): string => {
    switch (f) {
      case 'student_id':
        return r.rosteredId;
      case 'course_code':
        return r.courseCode;
      case 'school_year':
        return layout.year(r.schoolYear);
      case 'term':
        return r.term;
      case 'alternate':
        return layout.alternate(r.alternate);
    }
  };
  const lines = [input.columns.map((c) => exportCell(c.header)).join(','), ...rows.map((r) => input.columns.map((c) => exportCell(value(r, c.field))).join(','))];
  return lines.join('\r\n') + '\r\n';
}
