/**
 * The course CSV format of spec 2 §5 and its validation, as pure functions: which rows are saved,
 * which are refused and why. Columns (by header name, any order, case-insensitive): Course ID,
 * Title, Description, Units, Prerequisites (a JSON list of lists of course ids, [] or empty for
 * none), Tags (a JSON list of tag names), and the optional Offered (seasons such as "Fall, Spring";
 * empty or "every term": unknown, every term; a file without the column leaves a course's seasons as
 * they are). Rows may appear in any order: a prerequisite may name a
 * course further down the file or one the school already has.
 *
 * Decisions:
 *  - A second row with a course id already seen in the file is refused as a duplicate (the first wins).
 *  - A prerequisite group whose members are ALL unknown (neither in the school nor among the file's
 *    good rows) refuses the row; unknown members of a group that has a known member are dropped, with
 *    a warning naming them (real catalogues name retired courses).
 *  - A course cannot require itself; rows whose prerequisites form a cycle (also through courses the
 *    school already has) are refused, each naming the cycle.
 *  - A refused row is not a known course for the other rows (unless the school already has it), so
 *    refusals propagate until the remaining rows are consistent.
 *  - Empty Units means 0; units must be a number from 0 to 9999.99 and are rounded to 0.01.
 */
import { CsvSyntaxError, parseCsv } from './csv.js';
import { compareCourseIds, nodesOnCycles } from './prerequisites.js';
import { tagKey } from './tags.js';
import { because, englishOf, rowReason, type ReasonMessage, type RowReason } from '../../core/errors.js';
import { parseOfferedTerms, type Season } from '@planner/shared/offered-terms';

/** A row refused (or, for a warning, saved with a change): its line, its course id, and why as a reason. */
export interface ImportIssue extends RowReason {
  line: number;
  course_id: string;
}

export interface ImportRow {
  line: number;
  courseId: string;
  title: string;
  description: string;
  units: number;
  /** Groups of course ids, unknown members already dropped. */
  groups: string[][];
  tags: Record<string, string>;
  /** Seasons offered, null for every term; undefined when the file has no Offered column. */
  offered?: Season[] | null;
}

export interface ImportPlan {
  /** Whether the file has the Offered column (rows then set the course's seasons). */
  hasOffered?: boolean;
  rows: ImportRow[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

export const COURSE_ID_MAX = 60;
export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 20_000;
export const UNITS_MAX = 9999.99;
export const MAX_GROUPS = 20;
export const MAX_GROUP_MEMBERS = 50;
export const MAX_TAGS = 30;

export const CSV_COLUMNS = ['Course ID', 'Title', 'Description', 'Units', 'Prerequisites', 'Tags'] as const;
export const CSV_HEADER_MESSAGE = because('CSV_HEADER', { columns: CSV_COLUMNS.join(', ') });
export const TAG_NAME_MAX = 100;

/** Why a row is refused, or saved with a change (the unknown prerequisites it drops). */
export const CATALOGUE_ROW_MESSAGES = {
  fieldCount: (got: number, want: number) => because('CATALOGUE_ROW_FIELD_COUNT', { got, want }),
  courseIdMissing: because('CATALOGUE_ROW_COURSE_ID_MISSING'),
  courseIdTooLong: because('CATALOGUE_ROW_COURSE_ID_TOO_LONG', { max: COURSE_ID_MAX }),
  nul: because('NUL_CHARACTER'),
  duplicate: (course: string, line: number) => because('CATALOGUE_ROW_DUPLICATE', { course, line }),
  titleMissing: because('CATALOGUE_ROW_TITLE_MISSING'),
  titleTooLong: because('CATALOGUE_ROW_TITLE_TOO_LONG', { max: TITLE_MAX }),
  descriptionTooLong: because('CATALOGUE_ROW_DESCRIPTION_TOO_LONG', { max: DESCRIPTION_MAX }),
  unitsNotNumber: (value: string) => because('CATALOGUE_ROW_UNITS_NOT_NUMBER', { value }),
  unitsTooLarge: because('CATALOGUE_ROW_UNITS_TOO_LARGE', { max: UNITS_MAX }),
  prerequisitesNotJson: because('CATALOGUE_ROW_PREREQUISITES_NOT_JSON'),
  prerequisitesNotLists: because('CATALOGUE_ROW_PREREQUISITES_NOT_LISTS'),
  tooManyGroups: because('TOO_MANY_PREREQUISITE_GROUPS', { max: MAX_GROUPS }),
  prerequisiteNotText: because('CATALOGUE_ROW_PREREQUISITE_NOT_TEXT'),
  groupTooLarge: because('PREREQUISITE_GROUP_TOO_LARGE', { max: MAX_GROUP_MEMBERS }),
  selfPrerequisite: because('SELF_PREREQUISITE'),
  tagsNotJson: because('CATALOGUE_ROW_TAGS_NOT_JSON'),
  tagsNotList: because('CATALOGUE_ROW_TAGS_NOT_LIST'),
  tooManyTags: because('CATALOGUE_ROW_TOO_MANY_TAGS', { max: MAX_TAGS }),
  tagTooLong: because('CATALOGUE_ROW_TAG_TOO_LONG', { max: TAG_NAME_MAX }),
  offered: because('COURSE_OFFERED_TERMS_INVALID'),
  unknown: (bad: string[]) =>
    bad.length === 1 ? because('CATALOGUE_ROW_PREREQUISITE_UNKNOWN', { course: bad[0]! }) : because('CATALOGUE_ROW_PREREQUISITES_UNKNOWN', { courses: bad.join(', ') }),
  cycle: (courses: string[]) => because('CATALOGUE_ROW_CYCLE', { courses: courses.join(', ') }),
  dropped: (dropped: string[]) =>
    dropped.length === 1
      ? because('CATALOGUE_ROW_PREREQUISITE_DROPPED', { course: dropped[0]! })
      : because('CATALOGUE_ROW_PREREQUISITES_DROPPED', { courses: dropped.join(', ') }),
} as const;
const M = CATALOGUE_ROW_MESSAGES;

/** A row of the report: its line, course id and reason. */
const issueOf = (line: number, courseId: string, why: ReasonMessage): ImportIssue => ({ line, course_id: courseId, ...rowReason(why) });

/** Thrown for a file that cannot be read at all (nothing is saved), with why. */
export class CsvFileError extends Error {
  constructor(readonly why: ReasonMessage) {
    super(englishOf(why));
  }
}

interface RawRow {
  line: number;
  courseId: string;
  title: string;
  description: string;
  unitsText: string;
  prereqText: string;
  tagsText: string;
  offeredText: string;
}

/**
 * Validates a whole file against the school's current catalogue.
 * `existing`: the school's course ids; `existingGroups`: prerequisite groups (course ids) of the
 * school's courses, used to find cycles through courses the file does not change.
 */
export function planImport(csvText: string, existing: Set<string>, existingGroups: Map<string, string[][]>): ImportPlan {
  let records;
  try {
    records = parseCsv(csvText);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new CsvFileError(because(e.reason, { line: e.line }));
    throw e;
  }
  if (!records.length) throw new CsvFileError(because('FILE_EMPTY'));
  const header = records[0].fields.map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name.toLowerCase());
  const idx = {
    courseId: col('Course ID'),
    title: col('Title'),
    description: col('Description'),
    units: col('Units'),
    prereqs: col('Prerequisites'),
    tags: col('Tags'),
    offered: col('Offered'),
  };
  if (idx.courseId < 0 || idx.title < 0) throw new CsvFileError(CSV_HEADER_MESSAGE);
  if (records.length === 1) throw new CsvFileError(because('CSV_NO_COURSES'));

  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const get = (fields: string[], i: number) => (i >= 0 && i < fields.length ? fields[i] : '');

  // 1. Row-level checks, duplicates.
  const firstLine = new Map<string, number>();
  const candidates = new Map<string, { raw: RawRow; units: number; groups: string[][]; tags: Record<string, string>; offered: Season[] | null }>();
  for (const rec of records.slice(1)) {
    const raw: RawRow = {
      line: rec.line,
      courseId: get(rec.fields, idx.courseId).trim(),
      title: get(rec.fields, idx.title).trim(),
      description: get(rec.fields, idx.description).trim(),
      unitsText: get(rec.fields, idx.units).trim(),
      prereqText: get(rec.fields, idx.prereqs).trim(),
      tagsText: get(rec.fields, idx.tags).trim(),
      offeredText: get(rec.fields, idx.offered).trim(),
    };
    const fail = (why: ReasonMessage) => errors.push(issueOf(raw.line, raw.courseId, why));
    if (rec.fields.length > header.length && rec.fields.slice(header.length).some((f) => f.trim() !== '')) {
      fail(M.fieldCount(rec.fields.length, header.length));
      continue;
    }
    if (!raw.courseId) {
      fail(M.courseIdMissing);
      continue;
    }
    if (raw.courseId.length > COURSE_ID_MAX) {
      fail(M.courseIdTooLong);
      continue;
    }
    if (raw.courseId.includes('\u0000') || raw.title.includes('\u0000') || raw.description.includes('\u0000')) {
      fail(M.nul);
      continue;
    }
    const seen = firstLine.get(raw.courseId);
    if (seen !== undefined) {
      fail(M.duplicate(raw.courseId, seen));
      continue;
    }
    firstLine.set(raw.courseId, raw.line);
    if (!raw.title) {
      fail(M.titleMissing);
      continue;
    }
    if (raw.title.length > TITLE_MAX) {
      fail(M.titleTooLong);
      continue;
    }
    if (raw.description.length > DESCRIPTION_MAX) {
      fail(M.descriptionTooLong);
      continue;
    }
    const units = parseUnits(raw.unitsText);
    if ('error' in units) {
      fail(units.error);
      continue;
    }
    const groups = parsePrerequisites(raw.prereqText);
    if ('error' in groups) {
      fail(groups.error);
      continue;
    }
    if (groups.value.some((g) => g.includes(raw.courseId))) {
      fail(M.selfPrerequisite);
      continue;
    }
    const tags = parseTags(raw.tagsText);
    if ('error' in tags) {
      fail(tags.error);
      continue;
    }
    const offered = parseOfferedTerms(raw.offeredText);
    if (offered === 'invalid') {
      fail(M.offered);
      continue;
    }
    candidates.set(raw.courseId, { raw, units: units.value, groups: groups.value, tags: tags.value, offered });
  }

  // 2. Resolve prerequisites and find cycles, refusing rows until the rest is consistent.
  const refused = new Set<string>();
  const resolved = new Map<string, string[][]>();
  for (;;) {
    let changed = false;
    const known = (id: string) => existing.has(id) || (candidates.has(id) && !refused.has(id));
    resolved.clear();
    const rowWarnings = new Map<string, string[]>();
    for (const [id, c] of candidates) {
      if (refused.has(id)) continue;
      const kept: string[][] = [];
      let error: ReasonMessage | null = null;
      const dropped: string[] = [];
      for (const group of c.groups) {
        const good = group.filter(known);
        const bad = group.filter((m) => !known(m));
        if (!good.length) {
          error = M.unknown(bad);
          break;
        }
        dropped.push(...bad);
        kept.push(good);
      }
      if (error) {
        errors.push(issueOf(c.raw.line, id, error));
        refused.add(id);
        changed = true;
        continue;
      }
      resolved.set(id, kept);
      if (dropped.length) rowWarnings.set(id, dropped);
    }
    if (changed) continue;
    // Cycles: the file's rows replace their course's groups; other courses keep theirs.
    const graphNodes = new Set<string>([...resolved.keys(), ...existingGroups.keys()]);
    const edgesOf = (id: string): string[] => (resolved.get(id) ?? (candidates.has(id) && !refused.has(id) ? [] : existingGroups.get(id)) ?? []).flat();
    const cycles = nodesOnCycles(graphNodes, edgesOf);
    for (const cycle of cycles) {
      const names = [...cycle].sort(compareCourseIds);
      for (const id of cycle) {
        if (!resolved.has(id)) continue;
        errors.push(issueOf(candidates.get(id)!.raw.line, id, M.cycle(names)));
        refused.add(id);
        changed = true;
      }
    }
    if (changed) continue;
    for (const [id, dropped] of rowWarnings) {
      warnings.push(issueOf(candidates.get(id)!.raw.line, id, M.dropped(dropped)));
    }
    break;
  }

  const rows: ImportRow[] = [];
  for (const [id, c] of candidates) {
    if (refused.has(id)) continue;
    rows.push({
      line: c.raw.line,
      courseId: id,
      title: c.raw.title,
      description: c.raw.description,
      units: c.units,
      groups: resolved.get(id) ?? [],
      tags: c.tags,
      ...(idx.offered >= 0 ? { offered: c.offered } : {}),
    });
  }
  const byLine = (a: ImportIssue, b: ImportIssue) => a.line - b.line;
  return { hasOffered: idx.offered >= 0, rows, errors: errors.sort(byLine), warnings: warnings.sort(byLine) };
}

/** A value of a row's column, or why it is refused. */
export type Parsed<T> = { value: T } | { error: ReasonMessage };

export function parseUnits(text: string): Parsed<number> {
  if (text === '') return { value: 0 };
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { error: M.unitsNotNumber(text) };
  const units = Math.round(Number(text) * 100) / 100;
  if (units > UNITS_MAX) return { error: M.unitsTooLarge };
  return { value: units };
}

/** A JSON list of lists of course ids (strings; numbers are read as their text). */
export function parsePrerequisites(text: string): Parsed<string[][]> {
  if (text === '') return { value: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: M.prerequisitesNotJson };
  }
  if (!Array.isArray(value)) return { error: M.prerequisitesNotLists };
  if (value.length > MAX_GROUPS) return { error: M.tooManyGroups };
  const groups: string[][] = [];
  for (const g of value) {
    if (!Array.isArray(g)) return { error: M.prerequisitesNotLists };
    const ids: string[] = [];
    for (const m of g) {
      if (typeof m !== 'string' && typeof m !== 'number') return { error: M.prerequisiteNotText };
      const id = String(m).trim();
      if (id && !ids.includes(id)) ids.push(id);
    }
    if (ids.length > MAX_GROUP_MEMBERS) return { error: M.groupTooLarge };
    if (ids.length) groups.push(ids);
  }
  return { value: groups };
}

/** A JSON list of tag names -> { key: name }. */
export function parseTags(text: string): Parsed<Record<string, string>> {
  if (text === '') return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: M.tagsNotJson };
  }
  if (!Array.isArray(value) || value.some((t) => typeof t !== 'string')) return { error: M.tagsNotList };
  if (value.length > MAX_TAGS) return { error: M.tooManyTags };
  const tags: Record<string, string> = {};
  for (const t of value as string[]) {
    const name = t.trim();
    if (!name) continue;
    if (name.length > TAG_NAME_MAX) return { error: M.tagTooLong };
    tags[tagKey(name)] = name;
  }
  return { value: tags };
}
