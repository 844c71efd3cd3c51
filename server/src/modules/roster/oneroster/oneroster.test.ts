import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UserType } from '../../accounts/user.entity.js';
import { ZipWriter } from '../../consent-forms/zip-writer.js';
import { Bundle } from './bundle.js';
import { CsvFileError, csvRecords } from '../../../core/csv-records.js';
import { englishOf } from '../../../core/errors.js';
import { oneRosterRow, type RowResult } from './rows.js';
import { detectUsersFormat, productGrade, USERS_11, USERS_12, userTypeOfRole } from './spec.js';

const read = async (text: string | Buffer, max = { maxRecordBytes: 1024, maxRecords: 10 }) => {
  const out: [number, string[]][] = [];
  for await (const r of csvRecords([text], max)) out.push([r.line, r.fields]);
  return out;
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: Error) => (e instanceof CsvFileError ? e.message : `other: ${e.message}`),
  );

describe('OneRoster tables', () => {
  it.each([
    [USERS_11, 'users-1.1'],
    [USERS_12, 'users-1.2'],
    [['sourcedId', 'givenName', 'familyName', 'email', 'grade'], 'csv'],
    [['sourcedId', 'role', 'givenName', 'familyName', 'email', 'grades'], 'users-1.1'],
    [['sourcedId', 'givenName', 'familyName', 'email', 'grades'], 'users-1.2'],
  ] as const)('reads the version from the header %#', (header, format) => {
    expect(detectUsersFormat(header)).toBe(format);
  });

  it.each([
    ['09', '9'],
    ['9', '9'],
    ['12', '12'],
    ['KG', 'K'],
    ['13', 'college'],
    ['PS', 'college'],
    ['PK', 'other'],
    ['UG', 'other'],
    ['Other', 'other'],
    ['', null],
    ['10,11', '10'],
  ])('grade %s is %s', (g, want) => expect(productGrade(g)).toBe(want));

  it.each([
    ['student', UserType.Student],
    ['teacher', UserType.Staff],
    ['administrator', UserType.Staff],
    ['aide', UserType.Staff],
    ['parent', UserType.Parent],
    ['guardian', UserType.Parent],
    ['relative', UserType.Parent],
    ['proctor', null],
    ['Student', null],
  ])('role %s', (role, type) => expect(userTypeOfRole(role)).toBe(type));

  const row = (values: Record<string, string>) => oneRosterRow((c) => values[c] ?? '', 2, values.role ? { role: values.role, orgs: ['o'] } : null);
  it('reads a row: tobedeleted or enabledUser=false deactivates, the username stands in for the email, the password is ignored', () => {
    expect(row({ sourcedId: 'a', role: 'student', givenName: 'A', familyName: 'B', email: 'A@X.ORG', status: 'tobedeleted' })).toMatchObject({
      person: { active: false, email: 'a@x.org' },
    });
    expect(row({ sourcedId: 'a', role: 'teacher', givenName: 'A', familyName: 'B', enabledUser: 'false' })).toMatchObject({ person: { active: false } });
    expect(row({ sourcedId: 'a', role: 'teacher', givenName: 'A', familyName: 'B', username: 'ab@x.org', password: 'p' })).toEqual({
      person: {
        line: 2,
        sourcedId: 'a',
        givenName: 'A',
        familyName: 'B',
        email: 'ab@x.org',
        userType: UserType.Staff,
        grade: null,
        active: true,
        agents: [],
        orgs: ['o'],
      },
    });
    // A refused row says why by reason code; its English is the reason's text.
    const why = (r: RowResult) => ('error' in r ? [r.error.reason, englishOf(r.error)] : 'saved');
    expect(why(row({ role: 'student', givenName: 'A', familyName: 'B' }))).toEqual(['ROW_SOURCED_ID_REQUIRED', 'sourcedId is required.']);
    expect(why(row({ sourcedId: 'a', role: 'student', givenName: 'A', familyName: 'B', email: 'nope' }))).toEqual([
      'ROW_EMAIL_INVALID',
      'The email is not a valid email address.',
    ]);
    expect(why(row({ sourcedId: 'a', givenName: 'A', familyName: 'B' }))).toEqual(['ROW_NO_ROLE', 'roles.csv gives this user no role.']);
    expect(why(row({ sourcedId: 'a', role: 'student', givenName: 'x'.repeat(101), familyName: 'B' }))).toEqual(['ROW_TOO_LONG', 'A value is too long.']);
    expect(row({ sourcedId: 'a', role: 'proctor', givenName: 'A', familyName: 'B' })).toEqual({
      error: { reason: 'ROW_ROLE_NOT_IMPORTED', params: { role: 'proctor' } },
    });
  });
});

describe('CSV records', () => {
  it('handles a BOM, CRLF, quoted fields with commas and line breaks, blank lines and empty optional columns, with start lines', async () => {
    expect(await read('\ufeffa,b\r\n\r\n"x, y","multi\r\nline"\r\n,\r\nlast,"q""uote"')).toEqual([
      [1, ['a', 'b']],
      [3, ['x, y', 'multi\r\nline']],
      [5, ['', '']],
      [6, ['last', 'q"uote']],
    ]);
  });

  it('refuses hostile files with a message naming the line', async () => {
    expect(await failure(read(`a,b\nok,${'x'.repeat(5000)}\n`))).toBe('Line 2: a row is longer than 1 KB.');
    expect(await failure(read('a,b\n"open,1\n'))).toBe('Line 2: a quoted field is not closed.');
    expect(await failure(read(Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a])))).toBe('The file is not a CSV file: save it as UTF-8 text.');
    expect(await failure(read('a,b\n1,\u0000\n'))).toBe('The file is not a CSV file: save it as UTF-8 text.');
    expect(await failure(read(`a\n${'1\n'.repeat(11)}`))).toBe('The file has more than 10 rows: split it into smaller files.');
    // A row with the wrong number of fields is passed on (the stager reports it as a row error).
    expect(await read('a,b\n1,2,3\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2', '3']],
    ]);
  });
});

describe('OneRoster bundle', () => {
  const limits = { maxEntries: 5, maxEntryBytes: 1000, maxTotalBytes: 1500 };
  async function zipFile(files: Record<string, Buffer | string>, patch?: (b: Buffer) => void): Promise<string> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const w = new ZipWriter(out);
    for (const [n, d] of Object.entries(files)) await w.add(n, Buffer.from(d));
    await w.finish();
    const buf = Buffer.concat(chunks);
    patch?.(buf);
    const file = path.join(os.tmpdir(), `bundle-test-${process.pid}-${Math.random()}.zip`);
    await fs.writeFile(file, buf);
    return file;
  }
  const opened = async (file: string) => {
    try {
      const b = await Bundle.open(file, limits);
      const text: string[] = [];
      for await (const c of b.read('users.csv')) text.push(c.toString());
      b.close();
      return text.join('');
    } catch (e) {
      return e instanceof CsvFileError ? e.message : `other: ${(e as Error).message}`;
    } finally {
      await fs.rm(file, { force: true });
    }
  };

  it('reads only the known files, whatever folder they are in', async () => {
    expect(await opened(await zipFile({ 'x/users.csv': 'a,b\n', 'x/../../evil.sh': 'rm -rf', 'results.csv': 'ignored' }))).toBe('a,b\n');
  });

  it('refuses hostile zips', async () => {
    expect(await opened(await zipFile({ 'a.csv': '', 'b.csv': '', 'c.csv': '', 'd.csv': '', 'e.csv': '', 'users.csv': '' }))).toBe(
      'The zip holds more than 5 files: a OneRoster bundle has a few CSV files.',
    );
    expect(await opened(await zipFile({ 'orgs.csv': 'x' }))).toMatch(/^The zip has no users.csv/);
    expect(await opened(await zipFile({ 'users.csv': 'a', 'dir/users.csv': 'b' }))).toBe('The zip holds users.csv twice.');
    // A bomb: 1 MB of zeros, a few KB zipped.
    expect(await opened(await zipFile({ 'users.csv': Buffer.alloc(1024 * 1024) }))).toBe('users.csv is larger than 0 MB once unzipped.');
    expect(await opened(await zipFile({ 'users.csv': 'x'.repeat(900), 'roles.csv': 'y'.repeat(900) }))).toBe("The bundle's files are larger than 0 MB once unzipped.");
    // A lying size: the central directory says 10 bytes, the entry inflates to 900.
    const lying = await zipFile({ 'users.csv': 'z'.repeat(900) }, (b) => {
      const cd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      b.writeUInt32LE(10, cd + 24);
      b.writeUInt32LE(10, 22);
    });
    expect(await opened(lying)).toBe('users.csv is damaged in the zip, or larger than it declares (refused as a possible zip bomb).');
    expect(
      await opened(
        await zipFile({}, () => {}).then(async (f) => {
          await fs.writeFile(f, 'not a zip');
          return f;
        }),
      ),
    ).toBe('The file is not a zip file that can be read.');
  });
});
