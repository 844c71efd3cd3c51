/** Units: the CSV reader, the import's validation, prerequisite display, tag colours. */
import { describe, expect, it } from 'vitest';
import { CsvFileError, planImport } from './catalogue-import.js';
import { csvField, CsvSyntaxError, parseCsv } from './csv.js';
import { groupDisplay, groupMembers, nodesOnCycles, prerequisitesLine } from './prerequisites.js';
import { formatTags, tagColor, tagKey, TAG_PALETTE } from './tags.js';

const HEADER = 'Course ID,Title,Description,Units,Prerequisites,Tags';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const plan = (text: string, existing: string[] = [], groups: [string, string[][]][] = []) => planImport(text, new Set(existing), new Map(groups));

describe('parseCsv (RFC 4180)', () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes, with each record's first line", () => {
    const text = 'a,b,c\n1,"x, y","he said ""hi"""\n2,"two\nlines",z\n3,,';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'he said "hi"'] },
      { line: 3, fields: ['2', 'two\nlines', 'z'] },
      { line: 5, fields: ['3', '', ''] },
    ]);
  });

  it('handles CRLF, a UTF-8 BOM, a missing final newline, blank lines and keeps curly quotes as text', () => {
    const text = '\uFEFFid,name\r\n1,“Smart” quotes ‘ok’\r\n\r\n2,"CRLF\r\ninside"';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['id', 'name'] },
      { line: 2, fields: ['1', '“Smart” quotes ‘ok’'] },
      { line: 4, fields: ['2', 'CRLF\ninside'] },
    ]);
  });

  it('refuses an unclosed quote and a stray quote with the line number', () => {
    expect(() => parseCsv('a\n"open\nstill open')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"open\nstill open')).toThrow(/^Line 2: a quoted field is never closed\.$/);
    expect(() => parseCsv('a,b\nx,ab"c')).toThrow(/^Line 2: a quote/);
    expect(() => parseCsv('a,b\n"x"y,1')).toThrow(/^Line 2: text follows a closing quote/);
  });

  it('round-trips fields written with csvField', () => {
    const values = ['plain', 'with, comma', 'with "quote"', 'multi\nline', ''];
    expect(parseCsv(values.map(csvField).join(','))[0].fields).toEqual(values);
  });
});

describe('planImport', () => {
  it('accepts forward references and courses the school already has, in any row order', () => {
    const p = plan(
      csv('B2,Second,"Needs A1, or the existing X",3,"[[""A1"", ""X""]]","[""UC""]"', 'A1,First,,2.5,[],"[""UC"", ""CSU""]"', 'C3,Third,,0,"[[""B2""], [""A1""]]",[]'),
      ['X'],
    );
    expect(p.errors).toEqual([]);
    expect(p.warnings).toEqual([]);
    expect(p.rows.map((r) => [r.courseId, r.units, r.groups])).toEqual([
      ['B2', 3, [['A1', 'X']]],
      ['A1', 2.5, []],
      ['C3', 0, [['B2'], ['A1']]],
    ]);
    expect(p.rows[0].description).toBe('Needs A1, or the existing X');
    expect(p.rows[1].tags).toEqual({ uc: 'UC', csu: 'CSU' });
  });

  it('reports duplicates, missing titles, bad units, bad JSON and unknown prerequisites with their lines', () => {
    const p = plan(
      csv(
        'A,Alpha,,1,[],[]',
        'A,Alpha again,,1,[],[]',
        'B,,,1,[],[]',
        'C,Gamma,,three,[],[]',
        'D,Delta,,1,[[A],[]',
        'E,Epsilon,,1,[],"[""UC"""',
        'F,Phi,,1,"[[""NOPE""]]",[]',
        'G,Gee,,1,"[[""A"", ""GONE""]]",[]',
      ),
    );
    // Each row says why by reason code (with the values of a parameterised text) beside the English.
    expect(p.errors).toEqual([
      { line: 3, course_id: 'A', reason: 'CATALOGUE_ROW_DUPLICATE', params: { course: 'A', line: '2' }, message: 'Duplicate Course ID A in the file (first on line 2).' },
      { line: 4, course_id: 'B', reason: 'CATALOGUE_ROW_TITLE_MISSING', message: 'Title is missing.' },
      { line: 5, course_id: 'C', reason: 'CATALOGUE_ROW_UNITS_NOT_NUMBER', params: { value: 'three' }, message: 'Units "three" is not a number.' },
      { line: 6, course_id: 'D', reason: 'CATALOGUE_ROW_PREREQUISITES_NOT_JSON', message: expect.stringMatching(/^Prerequisites is not valid JSON/) },
      { line: 7, course_id: 'E', reason: 'CATALOGUE_ROW_TAGS_NOT_JSON', message: expect.stringMatching(/^Tags is not valid JSON/) },
      {
        line: 8,
        course_id: 'F',
        reason: 'CATALOGUE_ROW_PREREQUISITE_UNKNOWN',
        params: { course: 'NOPE' },
        message: "Unknown prerequisite NOPE: it is neither in the school's catalogue nor a valid row of this file.",
      },
    ]);
    expect(p.warnings).toEqual([
      {
        line: 9,
        course_id: 'G',
        reason: 'CATALOGUE_ROW_PREREQUISITE_DROPPED',
        params: { course: 'GONE' },
        message: 'Unknown prerequisite GONE dropped from its group; the other courses of the group were kept.',
      },
    ]);
    expect(p.rows.map((r) => r.courseId)).toEqual(['A', 'G']);
    expect(p.rows[1].groups).toEqual([['A']]);
  });

  it('says why for each other check by its reason, with the English text it always had', () => {
    const many = (n: number, f: (i: number) => unknown) => JSON.stringify(Array.from({ length: n }, (_, i) => f(i))).replaceAll('"', '""');
    const p = plan(
      csv(
        'A,Alpha,,1,[],[],extra',
        `${'X'.repeat(61)},Long id,,1,[],[]`,
        `B,${'T'.repeat(301)},,1,[],[]`,
        'C,Gamma,,10000,[],[]',
        'D,Delta,,1,{},[]',
        'E,Eps,,1,[[true]],[]',
        `F,Phi,,1,"${many(21, (i) => [`P${i}`])}",[]`,
        `G,Gee,,1,"[${many(51, (i) => `P${i}`)}]",[]`,
        'H,Eta,,1,[],"{}"',
        `I,Iota,,1,[],"${many(31, (i) => `T${i}`)}"`,
        `J,Jay,,1,[],"[""${'t'.repeat(101)}""]"`,
        'K,Kay,,1,"[[""NO1"", ""NO2""]]",[]',
        'L,Ell,,1,"[[""OLD"", ""GONE1""], [""OLD"", ""GONE2""]]",[]',
        ',No id,,1,[],[]',
      ),
      ['OLD'],
    );
    expect(p.errors.map((e) => [e.line, e.reason, e.params, e.message])).toEqual([
      [2, 'CATALOGUE_ROW_FIELD_COUNT', { got: '7', want: '6' }, 'The row has 7 fields but the header has 6; quote descriptions that hold commas.'],
      [3, 'CATALOGUE_ROW_COURSE_ID_TOO_LONG', { max: '60' }, 'Course ID must be at most 60 characters.'],
      [4, 'CATALOGUE_ROW_TITLE_TOO_LONG', { max: '300' }, 'Title must be at most 300 characters.'],
      [5, 'CATALOGUE_ROW_UNITS_TOO_LARGE', { max: '9999.99' }, 'Units must be at most 9999.99.'],
      [6, 'CATALOGUE_ROW_PREREQUISITES_NOT_LISTS', undefined, 'Prerequisites must be a JSON list of lists of course ids.'],
      [7, 'CATALOGUE_ROW_PREREQUISITE_NOT_TEXT', undefined, 'Each prerequisite must be a course id (text).'],
      [8, 'TOO_MANY_PREREQUISITE_GROUPS', { max: '20' }, 'A course may have at most 20 prerequisite groups.'],
      [9, 'PREREQUISITE_GROUP_TOO_LARGE', { max: '50' }, 'A prerequisite group may have at most 50 courses.'],
      [10, 'CATALOGUE_ROW_TAGS_NOT_LIST', undefined, 'Tags must be a JSON list of tag names.'],
      [11, 'CATALOGUE_ROW_TOO_MANY_TAGS', { max: '30' }, 'A course may have at most 30 tags.'],
      [12, 'CATALOGUE_ROW_TAG_TOO_LONG', { max: '100' }, 'A tag name must be at most 100 characters.'],
      [
        13,
        'CATALOGUE_ROW_PREREQUISITES_UNKNOWN',
        { courses: 'NO1, NO2' },
        "Unknown prerequisites NO1, NO2: none of this group is in the school's catalogue or a valid row of this file.",
      ],
      [15, 'CATALOGUE_ROW_COURSE_ID_MISSING', undefined, 'Course ID is missing.'],
    ]);
    expect(p.warnings.map((e) => [e.line, e.reason, e.params, e.message])).toEqual([
      [
        14,
        'CATALOGUE_ROW_PREREQUISITES_DROPPED',
        { courses: 'GONE1, GONE2' },
        'Unknown prerequisites GONE1, GONE2 dropped from their groups; the other courses of the group were kept.',
      ],
    ]);
  });

  it("reports cycles among the file's rows, and a course requiring itself", () => {
    const p = plan(csv('A,Alpha,,1,"[[""C""]]",[]', 'B,Beta,,1,"[[""A""]]",[]', 'C,Gamma,,1,"[[""B""]]",[]', 'D,Delta,,1,"[[""D""]]",[]', 'E,Eps,,1,[],[]'));
    expect(p.errors.map((e) => [e.line, e.course_id])).toEqual([
      [2, 'A'],
      [3, 'B'],
      [4, 'C'],
      [5, 'D'],
    ]);
    expect(p.errors[0]).toMatchObject({
      reason: 'CATALOGUE_ROW_CYCLE',
      params: { courses: 'A, B, C' },
      message: 'Prerequisites form a cycle among A, B, C: a course cannot require itself, directly or through other courses.',
    });
    expect(p.errors[3]).toEqual({ line: 5, course_id: 'D', reason: 'SELF_PREREQUISITE', message: 'A course cannot be its own prerequisite.' });
    expect(p.rows.map((r) => r.courseId)).toEqual(['E']);
  });

  it('finds a cycle through a course the school already has', () => {
    // The school's X requires Y; the file makes Y require X.
    const p = plan(csv('Y,Why,,1,"[[""X""]]",[]'), ['X', 'Y'], [['X', [['Y']]]]);
    expect(p.errors).toHaveLength(1);
    expect(p.errors[0].message).toMatch(/^Prerequisites form a cycle among X, Y/);
  });

  it('refuses rows whose only prerequisite was refused, until the rest is consistent', () => {
    const p = plan(csv('A,,,1,[],[]', 'B,Beta,,1,"[[""A""]]",[]', 'C,Gamma,,1,"[[""B""]]",[]'));
    expect(p.errors.map((e) => e.course_id)).toEqual(['A', 'B', 'C']);
    expect(p.rows).toEqual([]);
  });

  it('refuses a file without the columns, an empty file and a header alone', () => {
    expect(() => plan('')).toThrow(CsvFileError);
    expect(() => plan('Name,Code\nx,y')).toThrow(/^The first line must name the columns: Course ID, Title, Description, Units, Prerequisites, Tags\.$/);
    expect(() => plan(HEADER)).toThrow('The file has a header but no courses.');
  });

  it('reads columns by name in any order', () => {
    const p = plan('Title,Units,Course ID\nAlpha,4,A');
    expect(p.rows).toMatchObject([{ courseId: 'A', title: 'Alpha', units: 4, groups: [], tags: {} }]);
  });
});

describe('prerequisite display', () => {
  it("joins a group's course ids with ' or ' and groups with '; ', in natural order", () => {
    const groups = groupMembers([
      { groupIndex: 1, courseId: 'ENGL 1' },
      { groupIndex: 0, courseId: 'MATH 10' },
      { groupIndex: 0, courseId: 'MATH 2' },
    ]).map((g) => groupDisplay(g.map((m) => m.courseId)));
    expect(groups).toEqual(['MATH 2 or MATH 10', 'ENGL 1']);
    expect(prerequisitesLine(groups)).toBe('MATH 2 or MATH 10; ENGL 1');
  });

  it('finds the nodes on cycles', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['e'] };
    const cycles = nodesOnCycles(Object.keys(edges), (n) => edges[n] ?? []);
    expect(cycles.map((c) => c.sort())).toEqual([['a', 'b', 'c'], ['e']]);
  });
});

describe('tags', () => {
  it('makes keys from names and always gives a key the same palette colour', () => {
    expect(tagKey('Cal-GETC Area 4')).toBe('cal_getc_area_4');
    expect(tagKey('UC')).toBe('uc');
    expect(tagColor('uc')).toBe(tagColor('uc'));
    expect(TAG_PALETTE).toContain(tagColor('cal_getc_area_4'));
    expect(formatTags({ uc: 'UC', csu: 'CSU' })).toEqual([
      { key: 'csu', name: 'CSU', color: tagColor('csu') },
      { key: 'uc', name: 'UC', color: tagColor('uc') },
    ]);
  });
});
