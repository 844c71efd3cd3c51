import { describe, expect, it } from 'vitest';
import { UserType } from '../accounts/user.entity.js';
import { DEMO, uniqueEmail, useHarness } from '../../test/harness.js';
import { normalizeGrade } from './roster.service.js';

const h = useHarness();

const csv = (rows: string[]) => Buffer.from(['sourcedId,givenName,familyName,email,grade', ...rows].join('\r\n'));

describe('roster import', () => {
  it('creates students in the staff member\'s school, emails set-password links that work, and lists bad rows', async () => {
    const school = await h.buildSchool({ name: `Roster High ${Date.now()}` });
    const staff = await h.buildStaff({ school });
    const token = await h.tokenFor(staff);
    const ana = uniqueEmail('ana');
    const ben = uniqueEmail('ben');
    const res = await h.api.post('/api/roster-import/').set(h.auth(token)).attach('file', csv([
      `S-100,Ana,Diaz,${ana.toUpperCase()},09`,
      `S-101,Ben,Okafor,${ben},11`,
      'S-102,,Nobody,nobody@example.org,10',
      `S-103,Cy,Twice,${ana},10`,
      'S-104,Dee,Bad,not-an-email,10',
      'S-105,Eve,Grade,eve@example.org,13',
    ]), { filename: 'roster.csv', contentType: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 0, emailed: 2 });
    expect(res.body.errors).toEqual([
      { line: 4, sourced_id: 'S-102', email: 'nobody@example.org', message: 'givenName and familyName are required.' },
      { line: 5, sourced_id: 'S-103', email: ana, message: 'The same email is on line 2.' },
      { line: 6, sourced_id: 'S-104', email: 'not-an-email', message: 'The email is not a valid email address.' },
      { line: 7, sourced_id: 'S-105', email: 'eve@example.org', message: 'The grade must be a number from 1 to 12 (or KG), or empty.' },
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

  it('updates by sourcedId (even when the email changes) or by email, and never takes another school\'s account', async () => {
    const school = await h.buildSchool();
    const staff = await h.buildStaff({ school });
    const token = await h.tokenFor(staff);
    const byEmail = await h.buildStudent({ school, firstName: 'Old', grade: '9' });
    const first = uniqueEmail('sid');
    await h.api.post('/api/roster-import/').set(h.auth(token)).attach('file', csv([`SID-1,Kai,Lee,${first},10`]), 'r.csv');
    const renamed = uniqueEmail('sid-new');
    const elsewhere = await h.buildStudent();
    const res = await h.api.post('/api/roster-import/').set(h.auth(token)).attach('file', csv([
      `SID-1,Kai,Lee-Park,${renamed},11`,
      `,New,Name,${byEmail.email},12`,
      `X-9,Other,School,${elsewhere.email},10`,
      `X-10,Staff,Member,${staff.email},10`,
    ]), 'r.csv');
    expect(res.body).toMatchObject({ created: 0, updated: 2, emailed: 0 });
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'This email belongs to a student of another school; it was not changed.',
      'This email belongs to an account that is not a student; it was not changed.',
    ]);
    const [kai] = await h.db.query(`SELECT email, last_name, grade FROM users WHERE sourced_id = 'SID-1' AND school_id = $1`, [school.id]);
    expect(kai).toEqual({ email: renamed, last_name: 'Lee-Park', grade: '11' });
    const [updated] = await h.db.query(`SELECT first_name, grade, school_id FROM users WHERE id = $1`, [byEmail.id]);
    expect(updated).toEqual({ first_name: 'New', grade: '12', school_id: school.id });
    const [untouched] = await h.db.query(`SELECT first_name, school_id FROM users WHERE id = $1`, [elsewhere.id]);
    expect(untouched).toEqual({ first_name: elsewhere.firstName, school_id: elsewhere.schoolId });
  });

  it('runs through GraphQL too, and refuses students, parents\' read-only tokens, and a wrong header', async () => {
    const staff = await h.login(DEMO.admin);
    const email = uniqueEmail('gql');
    const res = await h.gql('mutation($csv: String!) { importRoster(csv: $csv) { created updated emailed errors { line message } } }',
      { csv: `email,familyName,givenName,grade,sourcedId,role\n${email},Gee,Queue,10,G-1,student\nt@example.org,Teach,Er,,T-1,teacher\n` }, staff);
    expect(res.data?.importRoster).toEqual({ created: 1, updated: 0, emailed: 1, errors: [{ line: 3, message: 'Only students are imported (role must be student).' }] });

    const student = await h.login(DEMO.student);
    expect((await h.api.post('/api/roster-import/').set(h.auth(student)).attach('file', csv([]), 'r.csv')).status).toBe(403);
    const bad = await h.api.post('/api/roster-import/').set(h.auth(staff)).attach('file', Buffer.from('id,name\n1,x\n'), 'r.csv');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The first line must name the columns: sourcedId, givenName, familyName, email, grade.');
    const none = await h.api.post('/api/roster-import/').set(h.auth(staff));
    expect(none.body.error).toBe('Choose a CSV file to upload (form field "file").');
  });

  it('reads OneRoster grades', () => {
    expect([normalizeGrade('09'), normalizeGrade('KG'), normalizeGrade(''), normalizeGrade('13'), normalizeGrade('PS')]).toEqual(['9', 'K', null, undefined, undefined]);
  });
});
