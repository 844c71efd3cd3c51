import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { countQueries } from '../../db/query-counter.js';
import { UserType } from '../accounts/user.entity.js';
import { ZipWriter } from '../consent-forms/zip-writer.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { useHarness } from '../../test/harness.js';
import { ROSTER_IMPORT_QUEUE, RosterService } from './roster.service.js';

const h = useHarness();
const FIXTURES = path.join(import.meta.dirname, 'oneroster', 'fixtures');

/** A fixture with its example.org addresses made unique to this run (the database may outlive one run). */
function fixture(name: string, tag: string): Buffer {
  return Buffer.from(fs.readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('example.org', `${tag}.example.org`));
}

async function zip(files: Record<string, Buffer>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = new ZipWriter(out);
  for (const [name, data] of Object.entries(files)) await writer.add(name, data);
  await writer.finish();
  return Buffer.concat(chunks);
}

const worker = (service?: RosterService) =>
  new JobWorker(h.db, {
    [ROSTER_IMPORT_QUEUE]: service
      ? (p, job, stopping) => service.processImport(String(p.importId), job, stopping)
      : backgroundHandlers(h.db, h.services, {})[ROSTER_IMPORT_QUEUE],
  });

async function upload(token: string, file: Buffer, filename: string, service?: RosterService) {
  const res = await h.api.post('/api/roster-import/').set(h.auth(token)).attach('file', file, { filename });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await worker(service).runOnce();
  const done = await h.api.get(res.headers.location).set(h.auth(token));
  expect(done.body.state).toBe('done');
  return done.body;
}

const person = (email: string) =>
  h.db
    .query(`SELECT id, first_name, last_name, user_type, grade, sourced_id, school_id, deactivated_at IS NOT NULL AS deactivated FROM users WHERE email = $1`, [email])
    .then((r: unknown[]) => r[0] as Record<string, unknown> | undefined);

describe('OneRoster import', () => {
  it('imports a 1.1 users.csv: staff, students with grades, parents linked by agentSourcedIds; problem rows with line and reason', async () => {
    const tag = `r${Date.now()}`;
    const school = await h.buildSchool({ name: `Riverside ${tag}` });
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const body = await upload(token, fixture('users-1.1.csv', tag), 'users.csv');
    expect(body).toMatchObject({ format: 'oneroster-1.1', total_rows: 11, done_rows: 11, created: 8, updated: 0, emailed: 8, deactivated: 0 });
    const d = `${tag}.example.org`;
    expect(body.errors).toEqual([
      {
        line: 7,
        sourced_id: 's-202',
        email: '',
        reason: 'ROW_EMAIL_REQUIRED',
        message: 'An email (or a username that is an email address) is needed to create this account.',
      },
      {
        line: 11,
        sourced_id: 'x-400',
        email: `proc@riverside.${d}`,
        reason: 'ROW_ROLE_NOT_IMPORTED',
        params: { role: 'proctor' },
        message: 'The role "proctor" is not imported (students, staff and parents are).',
      },
      { line: 12, sourced_id: 's-204', email: `nameless@students.riverside.${d}`, reason: 'ROW_NAMES_REQUIRED', message: 'givenName and familyName are required.' },
    ]);
    // The parent naming an unknown student is saved: a notice, not a rejected row.
    const notLinked = 'Saved, but not linked to s-999: no student of the school has this sourcedId.';
    expect(body.notices).toEqual([{ line: 10, sourced_id: 'p-301', reason: 'ROW_NOT_LINKED', params: { ids: 's-999' }, message: notLinked }]);
    expect(await person(`gil.k@family.${d}`)).toMatchObject({ user_type: UserType.Parent, sourced_id: 'p-301' });
    const viaGraphql = await h.gql(
      'query($id: ID!) { rosterImport(id: $id) { errors { line reason params } notices { line sourcedId reason params message } } }',
      { id: body.id },
      token,
    );
    expect(viaGraphql.data?.rosterImport).toEqual({
      errors: [
        { line: 7, reason: 'ROW_EMAIL_REQUIRED', params: null },
        { line: 11, reason: 'ROW_ROLE_NOT_IMPORTED', params: { role: 'proctor' } },
        { line: 12, reason: 'ROW_NAMES_REQUIRED', params: null },
      ],
      notices: [{ line: 10, sourcedId: 'p-301', reason: 'ROW_NOT_LINKED', params: { ids: 's-999' }, message: notLinked }],
    });
    expect(await person(`mgarcia@riverside.${d}`)).toMatchObject({ user_type: UserType.Staff, sourced_id: 't-100', school_id: school.id });
    expect(await person(`kjones@riverside.${d}`)).toMatchObject({ user_type: UserType.Staff });
    expect(await person(`ada.l@students.riverside.${d}`)).toMatchObject({ user_type: UserType.Student, grade: '9' });
    expect(await person(`ben.o@students.riverside.${d}`)).toMatchObject({ first_name: 'Ben', last_name: 'Okafor, Jr.', grade: '10' });
    // The username stands in for a missing email; a grade the product lacks is kept as other.
    expect(await person(`dee.p@students.riverside.${d}`)).toMatchObject({ grade: 'other' });
    const pat = await person(`pat.l@family.${d}`);
    expect(pat).toMatchObject({ user_type: UserType.Parent });
    const linked = await h.db.query(`SELECT s.sourced_id FROM parent_student_links l JOIN users s ON s.id = l.student_id WHERE l.parent_id = $1 ORDER BY 1`, [pat!.id]);
    expect(linked.map((r: { sourced_id: string }) => r.sourced_id)).toEqual(['s-200', 's-201']);
    // The file's password is never used: the teacher sets one through the emailed link.
    const [{ password_hash }] = await h.db.query(`SELECT password_hash FROM users WHERE email = $1`, [`mgarcia@riverside.${d}`]);
    expect(password_hash).toBe('');
    expect((await h.api.post('/api/login/').send({ email: `mgarcia@riverside.${d}`, password: 'Secret#1' })).status).toBe(401);
    const [mail] = await h.db.query(`SELECT subject FROM outbox_messages WHERE recipient = $1`, [`pat.l@family.${d}`]);
    expect(mail.subject).toBe('Set your password for Pathway Planner');
  });

  it('re-imports by sourcedId: updates, deactivates tobedeleted and disabled people (no sign-in, not listed), reactivates who comes back', async () => {
    const tag = `s${Date.now()}`;
    const d = `${tag}.example.org`;
    const school = await h.buildSchool({ name: `Resync ${tag}` });
    const token = await h.tokenFor(await h.buildStaff({ school }));
    await upload(token, fixture('users-1.1.csv', tag), 'users.csv');
    // Ben sets his password and signs in before the district withdraws him.
    const ben = `ben.o@students.riverside.${d}`;
    const [mail] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1`, [ben]);
    const link = /\/reset-password\/([^/]+)\/(\S+)/.exec(mail.body)!;
    expect((await h.api.post(`/api/reset-password/${link[1]}/${link[2]}/`).send({ password: 'Roster#Pass2026' })).status).toBeLessThan(300);
    const benToken = (await h.api.post('/api/login/').send({ email: ben, password: 'Roster#Pass2026' })).body.token;
    expect(benToken).toBeTruthy();

    const resync = await upload(token, fixture('users-1.1-resync.csv', tag), 'users.csv');
    expect(resync).toMatchObject({ created: 0, updated: 3, deactivated: 2, reactivated: 0, emailed: 0, errors: [] });
    expect(await person(`maria.garcia@riverside.${d}`)).toMatchObject({ last_name: 'Garcia-Lopez', sourced_id: 't-100' });
    expect(await person(`mgarcia@riverside.${d}`)).toBeUndefined();
    expect(await person(`ada.l@students.riverside.${d}`)).toMatchObject({ grade: '10' });
    expect(await person(ben)).toMatchObject({ deactivated: true, first_name: 'Ben' });
    expect(await person(`pnguyen@riverside.${d}`)).toMatchObject({ deactivated: true });
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM users WHERE school_id = $1 AND sourced_id IS NOT NULL`, [school.id]);
    expect(n).toBe(8);
    // Deactivated: the session ends, the password no longer signs in, the students list omits him.
    expect((await h.api.get('/api/user/').set(h.auth(benToken))).status).toBe(401);
    const refused = await h.api.post('/api/login/').send({ email: ben, password: 'Roster#Pass2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This account has been deactivated. Ask your school to restore it.');
    const list = await h.gql('{ students(first: 100) { nodes { email } } }', {}, token);
    const listed = (list.data?.students.nodes ?? []).map((s: { email: string }) => s.email);
    expect(listed).toContain(`ada.l@students.riverside.${d}`);
    expect(listed).not.toContain(ben);
    // Pat's file now names only Ada: the link to Ben is dropped.
    const pat = await person(`pat.l@family.${d}`);
    const linked = await h.db.query(`SELECT s.sourced_id FROM parent_student_links l JOIN users s ON s.id = l.student_id WHERE l.parent_id = $1`, [pat!.id]);
    expect(linked.map((r: { sourced_id: string }) => r.sourced_id)).toEqual(['s-200']);

    // The full file again: Ben and Paul come back, nobody is duplicated.
    const back = await upload(token, fixture('users-1.1.csv', tag), 'users.csv');
    expect(back).toMatchObject({ reactivated: 2, deactivated: 0 });
    expect(await person(ben)).toMatchObject({ deactivated: false });
    expect((await h.api.post('/api/login/').send({ email: ben, password: 'Roster#Pass2026' })).status).toBe(200);
  });

  it('imports a 1.2 bundle (zip): roles from roles.csv, the school from orgs.csv, an org of no reachable school is a row error', async () => {
    const tag = `b${Date.now()}`;
    const d = `${tag}.example.org`;
    const school = await h.buildSchool({ name: 'Riverside High School' });
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const files = Object.fromEntries(['manifest.csv', 'orgs.csv', 'users.csv', 'roles.csv'].map((f) => [`export/${f}`, fixture(`bundle-1.2/${f}`, tag)]));
    const body = await upload(token, await zip(files), 'oneroster.zip');
    expect(body).toMatchObject({ format: 'oneroster-1.2-bundle', total_rows: 5, created: 3, deactivated: 0 });
    expect(body.errors).toEqual([
      {
        line: 4,
        sourced_id: 'u-s2',
        email: `mo.m@students.riverside.${d}`,
        reason: 'ROW_ORG_UNKNOWN',
        params: { org: 'org-ms' },
        message: 'The org "org-ms" matches no school you manage (by name or identifier).',
      },
    ]);
    expect(await person(`rosa.teach@riverside.${d}`)).toMatchObject({ user_type: UserType.Staff, school_id: school.id });
    expect(await person(`sam.s@students.riverside.${d}`)).toMatchObject({ user_type: UserType.Student, grade: '12' });
    // A tobedeleted person never known here is simply not created.
    expect(await person(`gone.g@students.riverside.${d}`)).toBeUndefined();
    const pam = await person(`pam.p@family.${d}`);
    expect(pam).toMatchObject({ user_type: UserType.Parent });
    expect((await h.db.query(`SELECT count(*)::int AS n FROM parent_student_links WHERE parent_id = $1`, [pam!.id]))[0].n).toBe(1);
  });

  it('sends no welcome email to people who sign in with the district provider', async () => {
    const tag = `o${Date.now()}`;
    const school = await h.buildSchool();
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const sso = new RosterService(h.db, h.services.accounts, h.services.schools, h.services.roster.maxBytes, 200, {
      oidc: { allowedDomains: [`riverside.${tag}.example.org`] },
    });
    const body = await upload(token, fixture('users-1.1.csv', tag), 'users.csv', sso);
    // Staff of riverside.<tag> sign in with the provider; students and parents (other domains) get the link.
    expect(body).toMatchObject({ created: 8, emailed: 5 });
  });

  it('refuses unreadable uploads at once with the reason: missing columns, 1.2 users alone, hostile zips', async () => {
    const token = await h.tokenFor(await h.buildStaff({ school: await h.buildSchool() }));
    const post = (file: Buffer, filename: string) => h.api.post('/api/roster-import/').set(h.auth(token)).attach('file', file, { filename });
    const missing = await post(Buffer.from('sourcedId,status,enabledUser,orgSourcedIds,role,email\nx,,true,o,student,a@b.org\n'), 'users.csv');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('users.csv (OneRoster 1.1) is missing the columns: givenName, familyName.');
    const alone = await post(fixture('bundle-1.2/users.csv', 'x'), 'users.csv');
    expect(alone.body.error).toBe('A OneRoster 1.2 users.csv holds no roles: upload the bundle (a zip with manifest.csv, orgs.csv, users.csv and roles.csv).');
    const noUsers = await post(await zip({ 'orgs.csv': Buffer.from('sourcedId,name\n') }), 'b.zip');
    expect(noUsers.body.error).toMatch(/^The zip has no users.csv/);
    const broken = await post(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]), 'b.zip');
    expect(broken.body.error).toBe('The file is not a zip file that can be read.');
  });

  it('saves with a statement count that grows with the batches, not the rows', async () => {
    const school = await h.buildSchool();
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const batched = new RosterService(h.db, h.services.accounts, h.services.schools, h.services.roster.maxBytes, 50);
    const statementsFor = async (rows: number, tag: string) => {
      const lines = ['sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName,familyName,email,agentSourcedIds,grades'];
      for (let i = 0; i < rows; i++) {
        lines.push(
          i % 10 === 9
            ? `${tag}-p${i},,true,o,parent,,Par,Ent${i},p${i}@${tag}.example.org,${tag}-s${i - 1},`
            : `${tag}-s${i},,true,o,student,,Stu,Dent${i},s${i}@${tag}.example.org,,10`,
        );
      }
      const res = await h.api
        .post('/api/roster-import/')
        .set(h.auth(token))
        .attach('file', Buffer.from(lines.join('\n')), { filename: 'users.csv' });
      expect(res.status).toBe(202);
      const { statements } = await countQueries(() => batched.processImport(res.body.id, { attempts: 1, max_attempts: 5 }, new AbortController().signal));
      const done = (await h.api.get(res.headers.location).set(h.auth(token))).body;
      expect(done).toMatchObject({ state: 'done', created: rows, errors: [] });
      return statements.length;
    };
    const small = await statementsFor(50, `c${Date.now()}`); // 1 batch
    const large = await statementsFor(500, `d${Date.now()}`); // 10 batches
    const perBatch = (large - small) / 9;
    expect(perBatch).toBeLessThanOrEqual(20);
    expect(large).toBeLessThan(500 / 2);
  });

  it('a failed import keeps why as a reason code, answered with its English on both APIs', async () => {
    const school = await h.buildSchool();
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const res = await h.api
      .post('/api/roster-import/')
      .set(h.auth(token))
      .attach('file', Buffer.from(`sourcedId,givenName,familyName,email,grade\nF-1,Fay,Lure,fay.${Date.now()}@example.org,10\n`), { filename: 'r.csv' });
    expect(res.status).toBe(202);
    // The database refuses every batch's transaction: the last attempt marks the import failed.
    const refusing = new Proxy(h.db, {
      get: (db, key) => (key === 'transaction' ? () => Promise.reject(new Error('the database went away')) : Reflect.get(db, key)),
    });
    const failing = new RosterService(refusing, h.services.accounts, h.services.schools, h.services.roster.maxBytes, 50);
    await expect(failing.processImport(res.body.id, { attempts: 5, max_attempts: 5 }, new AbortController().signal)).rejects.toThrow('the database went away');
    const english = 'The import stopped before the end. Rows already saved are kept; upload the file again to finish it.';
    expect((await h.api.get(res.headers.location).set(h.auth(token))).body).toMatchObject({ state: 'failed', reason: 'ROSTER_IMPORT_STOPPED', error: english });
    const [{ error }] = await h.db.query(`SELECT error FROM roster_imports WHERE id = $1`, [res.body.id]);
    expect(error).toBe('ROSTER_IMPORT_STOPPED');
    const gql = await h.gql('query($id: ID!) { rosterImport(id: $id) { state error reason } }', { id: res.body.id }, token);
    expect(gql.data?.rosterImport).toEqual({ state: 'failed', error: english, reason: 'ROSTER_IMPORT_STOPPED' });
  });
});
