import { describe, expect, it } from 'vitest';
import { UserType } from '../accounts/user.entity.js';
import { DEMO, uniqueEmail, useHarness } from '../../test/harness.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { normalizeGrade, ROSTER_IMPORT_QUEUE, RosterService } from './roster.service.js';

const h = useHarness();

const csv = (rows: string[]) => Buffer.from(['sourcedId,givenName,familyName,email,grade', ...rows].join('\r\n'));

/** A worker of the roster queue, as every replica runs it. */
const rosterWorker = () => new JobWorker(h.db, { [ROSTER_IMPORT_QUEUE]: backgroundHandlers(h.db, h.services, {})[ROSTER_IMPORT_QUEUE] });

/** Uploads the file (202: accepted), lets a worker import it, and answers the finished import as GET /api/roster-imports/{id}/ shows it. */
async function importRoster(token: string, file: Buffer, filename = 'roster.csv') {
  const res = await h.api.post('/api/roster-import/').set(h.auth(token)).attach('file', file, { filename, contentType: 'text/csv' });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.headers.location).toBe(`/api/roster-imports/${res.body.id}/`);
  await rosterWorker().runOnce();
  const done = await h.api.get(res.headers.location).set(h.auth(token));
  expect(done.status).toBe(200);
  return done;
}

describe('roster import', () => {
  it("creates students in the staff member's school, emails set-password links that work, and lists bad rows", async () => {
    const school = await h.buildSchool({ name: `Roster High ${Date.now()}` });
    const staff = await h.buildStaff({ school });
    const token = await h.tokenFor(staff);
    const ana = uniqueEmail('ana');
    const ben = uniqueEmail('ben');
    const res = await importRoster(
      token,
      csv([
        `S-100,Ana,Diaz,${ana.toUpperCase()},09`,
        `S-101,Ben,Okafor,${ben},11`,
        'S-102,,Nobody,nobody@example.org,10',
        `S-103,Cy,Twice,${ana},10`,
        'S-104,Dee,Bad,not-an-email,10',
        'S-105,Eve,Grade,eve@example.org,13',
      ]),
    );
    expect(res.body).toMatchObject({ state: 'done', total_rows: 6, done_rows: 6, created: 2, updated: 0, emailed: 2, error: null });
    // Each rejected row carries its reason code (and the values of a parameterised text) beside the English.
    expect(res.body.errors).toEqual([
      { line: 4, sourced_id: 'S-102', email: 'nobody@example.org', reason: 'ROW_NAMES_REQUIRED', message: 'givenName and familyName are required.' },
      { line: 5, sourced_id: 'S-103', email: ana, reason: 'ROW_SAME_EMAIL', params: { line: '2' }, message: 'The same email is on line 2.' },
      { line: 6, sourced_id: 'S-104', email: 'not-an-email', reason: 'ROW_EMAIL_INVALID', message: 'The email is not a valid email address.' },
      { line: 7, sourced_id: 'S-105', email: 'eve@example.org', reason: 'ROW_GRADE_INVALID', message: 'The grade must be a number from 1 to 12 (or KG), or empty.' },
    ]);
    // GraphQL answers the same rows with the same reasons.
    const viaGraphql = await h.gql('query($id: ID!) { rosterImport(id: $id) { errors { line sourcedId reason params message } } }', { id: res.body.id }, token);
    expect(viaGraphql.data?.rosterImport.errors).toEqual([
      { line: 4, sourcedId: 'S-102', reason: 'ROW_NAMES_REQUIRED', params: null, message: 'givenName and familyName are required.' },
      { line: 5, sourcedId: 'S-103', reason: 'ROW_SAME_EMAIL', params: { line: '2' }, message: 'The same email is on line 2.' },
      { line: 6, sourcedId: 'S-104', reason: 'ROW_EMAIL_INVALID', params: null, message: 'The email is not a valid email address.' },
      { line: 7, sourcedId: 'S-105', reason: 'ROW_GRADE_INVALID', params: null, message: 'The grade must be a number from 1 to 12 (or KG), or empty.' },
    ]);

    const [row] = await h.db.query(`SELECT first_name, last_name, grade, school_id, user_type, sourced_id, parent_code FROM users WHERE email = $1`, [ana]);
    expect(row).toMatchObject({ first_name: 'Ana', last_name: 'Diaz', grade: '9', school_id: school.id, user_type: UserType.Student, sourced_id: 'S-100' });
    expect(row.parent_code).toMatch(/^[A-Z2-9]{8}$/);

    // The welcome email carries a set-password link; setting the password lets Ana sign in.
    const [mail] = await h.db.query(`SELECT subject, body FROM outbox_messages WHERE recipient = $1`, [ana]);
    expect(mail.subject).toBe('Set your password for Pathway Planner');
    expect(mail.body).toContain(school.name);
    const link = /\/reset-password\/([^/]+)\/(\S+)/.exec(mail.body)!;
    const set = await h.api.post(`/api/reset-password/${link[1]}/${link[2]}/`).send({ password: 'Roster#Pass2026' });
    expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    expect((await h.api.post('/api/login/').send({ email: ana, password: 'Roster#Pass2026' })).status).toBe(200);
  });

  it("updates by sourcedId (even when the email changes) or by email, and never takes another school's account", async () => {
    const school = await h.buildSchool();
    const staff = await h.buildStaff({ school });
    const token = await h.tokenFor(staff);
    const byEmail = await h.buildStudent({ school, firstName: 'Old', grade: '9' });
    const first = uniqueEmail('sid');
    await importRoster(token, csv([`SID-1,Kai,Lee,${first},10`]), 'r.csv');
    const renamed = uniqueEmail('sid-new');
    const elsewhere = await h.buildStudent();
    const res = await importRoster(
      token,
      csv([`SID-1,Kai,Lee-Park,${renamed},11`, `,New,Name,${byEmail.email},12`, `X-9,Other,School,${elsewhere.email},10`, `X-10,Staff,Member,${staff.email},10`]),
      'r.csv',
    );
    expect(res.body).toMatchObject({ created: 0, updated: 2, emailed: 0 });
    expect(res.body.errors.map((e: { reason: string; message: string }) => [e.reason, e.message])).toEqual([
      ['ROW_EMAIL_TAKEN', 'This email is already used by another account.'],
      ['ROW_EMAIL_TAKEN', 'This email is already used by another account.'],
    ]);
    const [kai] = await h.db.query(`SELECT email, last_name, grade FROM users WHERE sourced_id = 'SID-1' AND school_id = $1`, [school.id]);
    expect(kai).toEqual({ email: renamed, last_name: 'Lee-Park', grade: '11' });
    const [updated] = await h.db.query(`SELECT first_name, grade, school_id FROM users WHERE id = $1`, [byEmail.id]);
    expect(updated).toEqual({ first_name: 'New', grade: '12', school_id: school.id });
    const [untouched] = await h.db.query(`SELECT first_name, school_id FROM users WHERE id = $1`, [elsewhere.id]);
    expect(untouched).toEqual({ first_name: elsewhere.firstName, school_id: elsewhere.schoolId });
  });

  it("answers one neutral message for an email taken elsewhere: staff cannot tell another school's student from its staff or parent", async () => {
    const school = await h.buildSchool();
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const other = await h.buildSchool();
    const student = await h.buildStudent({ school: other });
    const staff = await h.buildStaff({ school: other });
    const parent = await h.buildParent({ school: other });
    const res = await importRoster(token, csv([`N-1,Ann,One,${student.email},10`, `N-2,Bob,Two,${staff.email},10`, `N-3,Cat,Three,${parent.email},10`]), 'n.csv');
    expect(res.body).toMatchObject({ created: 0, updated: 0, emailed: 0 });
    expect(res.body.errors).toEqual([
      { line: 2, sourced_id: 'N-1', email: student.email, reason: 'ROW_EMAIL_TAKEN', message: 'This email is already used by another account.' },
      { line: 3, sourced_id: 'N-2', email: staff.email, reason: 'ROW_EMAIL_TAKEN', message: 'This email is already used by another account.' },
      { line: 4, sourced_id: 'N-3', email: parent.email, reason: 'ROW_EMAIL_TAKEN', message: 'This email is already used by another account.' },
    ]);
    // Nothing about the other school's people changed, and nobody was emailed.
    const after = await h.db.query(`SELECT id, first_name, school_id, user_type FROM users WHERE id = ANY($1::int[]) ORDER BY id`, [[student.id, staff.id, parent.id]]);
    expect(after).toEqual([student, staff, parent].map((u) => ({ id: u.id, first_name: u.firstName, school_id: other.id, user_type: u.userType })));
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = ANY($1::text[])`, [[student.email, staff.email, parent.email]]);
    expect(n).toBe(0);
  });

  it("runs through GraphQL too, and refuses students, parents' read-only tokens, and a wrong header", async () => {
    const staff = await h.login(DEMO.admin);
    const email = uniqueEmail('gql');
    const res = await h.gql(
      'mutation($csv: String!) { importRoster(csv: $csv) { id state totalRows doneRows errors { line reason message } } }',
      { csv: `email,familyName,givenName,grade,sourcedId,role\n${email},Gee,Queue,10,G-1,student\nt@example.org,Teach,Er,,T-1,teacher\n` },
      staff,
    );
    // Checked and stored at once: the rejected row is done, the good one waits for the worker.
    expect(res.data?.importRoster).toMatchObject({
      state: 'queued',
      totalRows: 2,
      doneRows: 1,
      errors: [{ line: 3, reason: 'ROW_ONLY_STUDENTS', message: 'Only students are imported (role must be student).' }],
    });
    await rosterWorker().runOnce();
    const id = res.data!.importRoster.id;
    const done = await h.gql(
      'query($id: ID!) { rosterImport(id: $id) { state totalRows doneRows created updated emailed errors { line message } notices { line } } }',
      { id },
      staff,
    );
    expect(done.data?.rosterImport).toEqual({
      state: 'done',
      totalRows: 2,
      doneRows: 2,
      created: 1,
      updated: 0,
      emailed: 1,
      errors: [{ line: 3, message: 'Only students are imported (role must be student).' }],
      notices: [],
    });
    // Another school's staff do not see it.
    const outsider = await h.tokenFor(await h.buildStaff({ school: await h.buildSchool() }));
    expect((await h.gql('query($id: ID!) { rosterImport(id: $id) { state } }', { id }, outsider)).code).toBe('NOT_FOUND');
    expect((await h.api.get(`/api/roster-imports/${id}/`).set(h.auth(outsider))).status).toBe(404);

    const student = await h.login(DEMO.student);
    expect((await h.api.post('/api/roster-import/').set(h.auth(student)).attach('file', csv([]), 'r.csv')).status).toBe(403);
    const bad = await h.api.post('/api/roster-import/').set(h.auth(staff)).attach('file', Buffer.from('id,name\n1,x\n'), 'r.csv');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The first line must name the columns: sourcedId, givenName, familyName, email, grade.');
    const none = await h.api.post('/api/roster-import/').set(h.auth(staff));
    expect(none.body.error).toBe('Choose a CSV file to upload (form field "file").');
  });

  it('answers an empty file at once, and stores nothing', async () => {
    const staff = await h.tokenFor(await h.buildStaff({ school: await h.buildSchool() }));
    const before = (await h.db.query(`SELECT count(*)::int AS n FROM roster_imports`))[0].n;
    const empty = await h.api.post('/api/roster-import/').set(h.auth(staff)).attach('file', Buffer.from('\n\n'), 'r.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('The file is empty.');
    expect((await h.db.query(`SELECT count(*)::int AS n FROM roster_imports`))[0].n).toBe(before);
  });

  it('answers a row stored before rows kept their reason code with a null reason and its English', async () => {
    const token = await h.tokenFor(await h.buildStaff({ school: await h.buildSchool() }));
    const done = await importRoster(token, csv([`OLD-1,Ola,Old,${uniqueEmail('old')},10`]));
    const stored = [
      { line: 3, sourced_id: 'OLD-2', email: 'x@example.org', message: 'The same email is on line 2.' },
      { line: 4, sourced_id: 'OLD-3', message: 'Saved, but not linked to S-1: no student of the school has this sourcedId.', kind: 'notice' },
    ];
    await h.db.query(`UPDATE roster_imports SET errors = $2::jsonb WHERE id = $1`, [done.body.id, JSON.stringify(stored)]);
    const rest = (await h.api.get(`/api/roster-imports/${done.body.id}/`).set(h.auth(token))).body;
    expect(rest.errors).toEqual([{ line: 3, sourced_id: 'OLD-2', email: 'x@example.org', reason: null, message: 'The same email is on line 2.' }]);
    expect(rest.notices).toEqual([{ line: 4, sourced_id: 'OLD-3', reason: null, message: 'Saved, but not linked to S-1: no student of the school has this sourcedId.' }]);
    const g = await h.gql(
      'query($id: ID!) { rosterImport(id: $id) { errors { line reason params message } notices { line reason params } } }',
      { id: done.body.id },
      token,
    );
    expect(g.data?.rosterImport).toEqual({
      errors: [{ line: 3, reason: null, params: null, message: 'The same email is on line 2.' }],
      notices: [{ line: 4, reason: null, params: null }],
    });
  });

  it('survives a restart: a worker stopped between batches leaves the rest to the next worker, which saves no row twice', async () => {
    const school = await h.buildSchool();
    const token = await h.tokenFor(await h.buildStaff({ school }));
    const emails = Array.from({ length: 7 }, (_, i) => uniqueEmail(`batch${i}`));
    const upload = await h.api
      .post('/api/roster-import/')
      .set(h.auth(token))
      .attach('file', csv([...emails.map((e, i) => `B-${i},Kid${i},Batch,${e},10`), 'B-x,,Nameless,nameless@example.org,10']), 'r.csv');
    expect(upload.status).toBe(202);
    const id = upload.body.id;
    // Batches of 2 rows, each in its own transaction with the progress.
    const small = new RosterService(h.db, h.services.accounts, h.services.schools, h.services.roster.maxBytes, 2);
    const worker = () => new JobWorker(h.db, { [ROSTER_IMPORT_QUEUE]: (p, job, stopping) => small.processImport(String(p.importId), job, stopping) });

    const first = worker();
    const run = first.runOnce();
    await first.stop(); // stops after the batch it is in
    await run;
    const mid = (await h.api.get(`/api/roster-imports/${id}/`).set(h.auth(token))).body;
    expect(mid).toMatchObject({ state: 'running', total_rows: 8, done_rows: 3, created: 2 });
    expect((await h.db.query(`SELECT count(*)::int AS n FROM users WHERE school_id = $1`, [school.id]))[0].n).toBe(2 + 1);

    await worker().runOnce();
    const done = (await h.api.get(`/api/roster-imports/${id}/`).set(h.auth(token))).body;
    expect(done).toMatchObject({ state: 'done', total_rows: 8, done_rows: 8, created: 7, updated: 0, emailed: 7 });
    expect(done.errors).toEqual([
      { line: 9, sourced_id: 'B-x', email: 'nameless@example.org', reason: 'ROW_NAMES_REQUIRED', message: 'givenName and familyName are required.' },
    ]);
    const students = await h.db.query(`SELECT email FROM users WHERE school_id = $1 AND user_type = $2 ORDER BY email`, [school.id, UserType.Student]);
    expect(students.map((r: { email: string }) => r.email)).toEqual([...emails].sort());
    const [{ n: mails }] = await h.db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = ANY($1::text[])`, [emails]);
    expect(mails).toBe(7);
    // The stored file is dropped once the import is done.
    expect((await h.db.query(`SELECT csv FROM roster_imports WHERE id = $1`, [id]))[0].csv).toBeNull();
  });

  it('reads OneRoster grades', () => {
    expect([normalizeGrade('09'), normalizeGrade('KG'), normalizeGrade(''), normalizeGrade('13'), normalizeGrade('PS')]).toEqual(['9', 'K', null, undefined, undefined]);
  });
});
