/** POST /api/upload-courses-csv/: real catalogues, refusals, a 5,000-course file; and the course list's SQL count. */
import { graphql } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLoaders } from '../../loaders.js';
import { countQueries } from '../../db/query-counter.js';
import { readCatalogue } from '../../db/seed-catalogues.js';
import { buildAppSchema } from '../../graphql/schema.js';
import { useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import { csvField } from './csv.js';
import { accept, buildRequirement, fulfils, partnerSchools, schedule } from './courses.factories.js';
import { Course } from './course.entity.js';

const h = useHarness();
const HEADER = 'Course ID,Title,Description,Units,Prerequisites,Tags';

let school: School;
let staffToken: string;

beforeAll(async () => {
  school = await h.buildSchool({ name: 'Import High' });
  staffToken = await h.tokenFor(await h.buildStaff({ school }));
});

const upload = (content: string | Buffer, filename = 'courses.csv', token = staffToken, contentType = 'text/csv') =>
  h.api
    .post('/api/upload-courses-csv/')
    .set(h.auth(token))
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), { filename, contentType });

async function groupsOf(schoolId: number, courseId: string): Promise<string[][]> {
  const rows: { group_index: number; prereq: string }[] = await h.db.query(
    `SELECT p.group_index, pc.course_id AS prereq FROM course_prerequisites p
       JOIN courses c ON c.id = p.course_id JOIN courses pc ON pc.id = p.prerequisite_id
      WHERE c.school_id = $1 AND c.course_id = $2 ORDER BY p.group_index, pc.course_id`,
    [schoolId, courseId],
  );
  const groups: string[][] = [];
  for (const r of rows) (groups[r.group_index] ??= []).push(r.prereq);
  return groups;
}

describe('POST /api/upload-courses-csv/', () => {
  it('imports the community-college catalogue: quoted commas, quotes, curly quotes, 2.5 and 0 units, deep chains', async () => {
    const college = await h.buildSchool({ name: 'Import College', schoolType: 'CLG' as School['schoolType'] });
    const token = await h.tokenFor(await h.buildStaff({ school: college }));
    const res = await upload(readCatalogue('community-college-catalog.csv'), 'smc.csv', token);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(917);
    expect(res.body.updated).toBe(0);
    expect(res.body.errors).toBeUndefined();
    const acct = await h.db.getRepository(Course).findOneByOrFail({ schoolId: college.id, courseId: 'ACCTG 1' });
    expect(acct.title).toBe('Introduction To Financial Accounting');
    expect(acct.description).toContain('sole proprietorship, partnership, and corporate forms');
    expect(acct.tags).toEqual({ uc: 'UC', csu: 'CSU' });
    expect(await groupsOf(college.id, 'ACCTG 2')).toEqual([['ACCTG 1']]);
    const math2 = await h.db.getRepository(Course).findOneByOrFail({ schoolId: college.id, courseId: 'MATH 2' });
    expect(math2.title).toBe('Precalculus With Math 2C, Concurrent Support For Precalculus');
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM courses WHERE school_id = $1 AND units IN (0, 2.5)`, [college.id]);
    expect(n).toBeGreaterThan(0);
    const curly: { n: number }[] = await h.db.query(`SELECT count(*)::int AS n FROM courses WHERE school_id = $1 AND description ~ '[“”’]'`, [college.id]);
    expect(curly[0].n).toBeGreaterThan(0);

    // Uploading it again updates every course instead of duplicating it.
    const again = await upload(readCatalogue('community-college-catalog.csv'), 'smc.csv', token);
    expect(again.body).toEqual({ created: 0, updated: 917 });
    const [{ total }] = await h.db.query(`SELECT count(*)::int AS total FROM courses WHERE school_id = $1`, [college.id]);
    expect(total).toBe(917);
  });

  it('imports the high-school catalogue: forward references kept, a group with unknown members trimmed with a warning', async () => {
    const res = await upload(readCatalogue('high-school-catalog.csv'), 'whs.csv');
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(121);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.warnings).toEqual([
      {
        line: 111,
        course_id: '16059',
        reason: 'CATALOGUE_ROW_PREREQUISITES_DROPPED',
        params: { courses: '22202, 22205' },
        message: 'Unknown prerequisites 22202, 22205 dropped from their groups; the other courses of the group were kept.',
      },
    ]);
    // 9120 names 2501 and 2504, listed further down the file.
    expect(await groupsOf(school.id, '9120')).toEqual([['2501', '2504']]);
    expect(await groupsOf(school.id, '16059')).toEqual([['16058']]);
  });

  it('saves the good rows and reports each bad row with its line and reason; a re-upload updates', async () => {
    const csv = [
      HEADER,
      'IMP 2,Second,"Needs IMP 1, which comes later",3,"[[""IMP 1""]]","[""UC""]"',
      'IMP 1,First,,2,[],[]',
      'IMP 1,First again,,2,[],[]',
      'IMP 3,,,1,[],[]',
      'IMP 4,Four,,four,[],[]',
      'IMP 5,Five,,1,"[[""IMP 6""]]",[]',
      'IMP 6,Six,,1,"[[""IMP 5""]]",[]',
      'IMP 7,Seven,,1,"[[""NOWHERE""]]",[]',
      'IMP 8,Eight,,1,[[oops,[]',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.updated).toBe(0);
    expect(res.body.errors.map((e: { line: number; course_id: string }) => [e.line, e.course_id])).toEqual([
      [4, 'IMP 1'],
      [5, 'IMP 3'],
      [6, 'IMP 4'],
      [7, 'IMP 5'],
      [8, 'IMP 6'],
      [9, 'IMP 7'],
      [10, 'IMP 8'],
    ]);
    expect(res.body.errors[0]).toEqual({
      line: 4,
      course_id: 'IMP 1',
      reason: 'CATALOGUE_ROW_DUPLICATE',
      params: { course: 'IMP 1', line: '3' },
      message: 'Duplicate Course ID IMP 1 in the file (first on line 3).',
    });
    expect(res.body.errors.map((e: { reason: string }) => e.reason)).toEqual([
      'CATALOGUE_ROW_DUPLICATE',
      'CATALOGUE_ROW_TITLE_MISSING',
      'CATALOGUE_ROW_UNITS_NOT_NUMBER',
      'CATALOGUE_ROW_CYCLE',
      'CATALOGUE_ROW_CYCLE',
      'CATALOGUE_ROW_PREREQUISITE_UNKNOWN',
      'CATALOGUE_ROW_PREREQUISITES_NOT_JSON',
    ]);
    expect(res.body.errors[3]).toMatchObject({ params: { courses: 'IMP 5, IMP 6' }, message: expect.stringMatching(/cycle/) });
    expect(res.body.errors[5]).toMatchObject({ params: { course: 'NOWHERE' }, message: expect.stringMatching(/^Unknown prerequisite NOWHERE/) });
    expect(await groupsOf(school.id, 'IMP 2')).toEqual([['IMP 1']]);

    const second = await upload(`${HEADER}\nIMP 1,First (revised),New text,2.75,[],"[""CSU""]"\n`);
    expect(second.body).toEqual({ created: 0, updated: 1 });
    const imp1 = await h.db.getRepository(Course).findOneByOrFail({ schoolId: school.id, courseId: 'IMP 1' });
    expect(imp1).toMatchObject({ title: 'First (revised)', description: 'New text', units: 2.75, tags: { csu: 'CSU' } });
    // Its dependant keeps its prerequisite.
    expect(await groupsOf(school.id, 'IMP 2')).toEqual([['IMP 1']]);
  });

  it('refuses a file that is not CSV, empty, too large, or without the columns, saving nothing', async () => {
    const before = await h.db.getRepository(Course).countBy({ schoolId: school.id });
    const notCsv = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]), 'picture.png', staffToken, 'image/png');
    expect(notCsv.status).toBe(400);
    expect(notCsv.body).toMatchObject({ error: 'The file is not a CSV file: choose a .csv file saved as UTF-8 text.' });
    const binary = await upload(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'bad.csv');
    expect(binary.status).toBe(400);
    expect((await upload('', 'empty.csv')).body).toMatchObject({ error: 'The file is empty.' });
    expect((await upload('Name,Code\nA,B\n')).body).toMatchObject({
      error: 'The first line must name the columns: Course ID, Title, Description, Units, Prerequisites, Tags.',
    });
    expect((await upload(`${HEADER}\n"never closed,1\n`)).body).toMatchObject({ error: 'Line 2: a quoted field is never closed.' });
    const missing = await h.api.post('/api/upload-courses-csv/').set(h.auth(staffToken)).field('note', 'no file');
    expect(missing.body).toMatchObject({ error: 'Choose a CSV file to upload (form field "file").' });

    const small = await h.appWith({ courseCsvMaxBytes: 1024 });
    const big = await small
      .post('/api/upload-courses-csv/')
      .set(h.auth(staffToken))
      .attach('file', Buffer.from(`${HEADER}\n${'BIG 1,Title,' + 'x'.repeat(2000) + ',1,[],[]'}\n`), { filename: 'big.csv', contentType: 'text/csv' });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ error: 'The file is larger than 1 KB.' });
    expect(await h.db.getRepository(Course).countBy({ schoolId: school.id })).toBe(before);
  });

  it('refuses students and parents', async () => {
    const student = await h.buildStudent({ school });
    const res = await upload(`${HEADER}\nS 1,Student course,,1,[],[]\n`, 'x.csv', await h.tokenFor(student));
    expect(res.status).toBe(403);
    expect((await upload(`${HEADER}\nS 1,Parent course,,1,[],[]\n`, 'x.csv', await h.tokenFor(await h.buildParent({ school })))).status).toBe(403);
    expect(await h.db.getRepository(Course).existsBy({ schoolId: school.id, courseId: 'S 1' })).toBe(false);
  });

  it('imports a generated 5,000-course file with prerequisites and tags', async () => {
    const big = await h.buildSchool({ name: 'District Catalogue' });
    const token = await h.tokenFor(await h.buildStaff({ school: big }));
    const N = 5000;
    const lines = [HEADER];
    // Forward references (i % 4 == 1 needs i + 1, listed later) and backward ones (i % 4 == 0 needs
    // i - 1 or i - 2), and two groups for every 20th course; no cycles by construction.
    let expectedRows = 0;
    for (let i = 0; i < N; i++) {
      const groups: string[][] = [];
      if (i % 4 === 1 && i + 1 < N) groups.push([`GEN ${i + 1}`]);
      if (i % 4 === 0 && i >= 4) groups.push([`GEN ${i - 1}`, `GEN ${i - 2}`]);
      if (i % 20 === 0 && i >= 20) groups.push([`GEN ${i - 10}`]);
      expectedRows += groups.flat().length;
      const tags = i % 5 === 0 ? ['UC', 'CSU'] : i % 5 === 1 ? ['CTE'] : [];
      lines.push(
        [
          `GEN ${i}`,
          `Generated course ${i}`,
          csvField(`Unit ${i}, with "quotes" and commas`),
          String((i % 8) / 2),
          csvField(JSON.stringify(groups)),
          csvField(JSON.stringify(tags)),
        ].join(','),
      );
    }
    const res = await upload(lines.join('\n'), 'district.csv', token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: N, updated: 0 });
    const [{ courses }] = await h.db.query(`SELECT count(*)::int AS courses FROM courses WHERE school_id = $1`, [big.id]);
    expect(courses).toBe(N);
    const [{ prereqs }] = await h.db.query(`SELECT count(*)::int AS prereqs FROM course_prerequisites p JOIN courses c ON c.id = p.course_id WHERE c.school_id = $1`, [
      big.id,
    ]);
    expect(prereqs).toBe(expectedRows);
    const [{ tagged }] = await h.db.query(`SELECT count(*)::int AS tagged FROM courses WHERE school_id = $1 AND tags ? 'uc'`, [big.id]);
    expect(tagged).toBe(N / 5);
    const c40 = await h.db.getRepository(Course).findOneByOrFail({ schoolId: big.id, courseId: 'GEN 40' });
    expect(c40).toMatchObject({ title: 'Generated course 40', description: 'Unit 40, with "quotes" and commas', units: 0, tags: { uc: 'UC', csu: 'CSU' } });
    expect(await groupsOf(big.id, 'GEN 40')).toEqual([['GEN 38', 'GEN 39'], ['GEN 30']]);
    expect(await groupsOf(big.id, 'GEN 4997')).toEqual([['GEN 4998']]);
  }, 120_000);
});

describe('the course list query', () => {
  let student10: User;
  let student1000: User;

  beforeAll(async () => {
    // Two schools with the same shape of data, 10 and 1,000 courses, each with prerequisites,
    // tags, a partner course accepted, a requirement and a scheduled course.
    const make = async (n: number): Promise<User> => {
      const s = await h.buildSchool({ name: `Count ${n} High` });
      const partner = await h.buildSchool({ name: `Count ${n} College` });
      await partnerSchools(h.db, s, partner);
      const staff = await h.buildStaff({ school: s });
      const lines = [HEADER];
      for (let i = 0; i < n; i++) lines.push(`Q ${i},Course ${i},,1,${i ? `"[[""Q ${i - 1}""]]"` : '[]'},"[""UC""]"`);
      const r = await upload(lines.join('\n'), 'q.csv', await h.tokenFor(staff));
      expect(r.body.created).toBe(n);
      const repo = h.db.getRepository(Course);
      const cc = await repo.save(repo.create({ schoolId: partner.id, courseId: 'CC 1', title: 'Partner', units: 4, tags: {} }));
      await accept(h.db, cc, s, 1);
      const { requirement } = await buildRequirement(h.db, s, 'Path', 'Req');
      const first = await repo.findOneByOrFail({ schoolId: s.id, courseId: 'Q 0' });
      await fulfils(h.db, first, requirement);
      const student = await h.buildStudent({ school: s });
      await schedule(h.db, student.id, first);
      return student;
    };
    student10 = await make(10);
    student1000 = await make(1000);
  }, 120_000);

  const QUERY = `query { courses(first: 1000) { totalCount nodes {
      uuid courseId title units isScheduled canEdit school { name primaryColor }
      prerequisites { courseId } prerequisiteGroups prerequisiteGroupsUuids tags { key value } formattedTags { name color }
      unitsInfo { schoolName units requirements { label pathwayColors } } requirements { label } nonDuplicables { uuid }
  } } }`;

  async function run(user: User) {
    const token = await h.tokenFor(user);
    const caller = await h.services.accounts.authenticate(token);
    const schema = await buildAppSchema();
    const ctx = { caller, ip: 'test', db: h.db, config: h.config, services: h.services, loaders: createLoaders(h.db) };
    return countQueries(() => graphql({ schema, source: QUERY, contextValue: ctx }));
  }

  it('runs the same SQL statements for 10 and for 1,000 courses', async () => {
    const small = await run(student10);
    const large = await run(student1000);
    expect(small.result.errors).toBeUndefined();
    expect(large.result.errors).toBeUndefined();
    const smallData = small.result.data as { courses: { totalCount: number; nodes: { isScheduled: boolean; unitsInfo: unknown[] }[] } };
    const largeData = large.result.data as typeof smallData;
    expect(smallData.courses.totalCount).toBe(11);
    expect(largeData.courses.totalCount).toBe(1001);
    expect(largeData.courses.nodes.filter((c) => c.isScheduled)).toHaveLength(1);
    expect(large.statements.length).toBe(small.statements.length);
    // The batched loaders run side by side, so compare the statements whatever their order.
    expect([...large.statements].sort()).toEqual([...small.statements].sort());
    expect(small.statements.length).toBeLessThanOrEqual(10);
  }, 60_000);
});
