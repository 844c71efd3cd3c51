/** Plan notes through both APIs: who reads and writes, staff-only notes, deletion, input, unread counts, the access log. */
import { REASONS } from '@planner/shared';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { UserType } from '../accounts/user.entity.js';
import { NOTE_INPUT_MESSAGES } from './notes-input.js';
import { NOTES_POLICY_MESSAGES } from './notes.policy.js';
import { unreadNoteCounts } from './plan-note-store.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

const THREAD = `query($studentId: Int) { planNotes(studentId: $studentId) { studentId canWrite canMarkStaffOnly
  notes { id body authorName authorRole createdAt staffOnly canDelete } } }`;
const ADD = `mutation($body: String!, $studentId: Int, $staffOnly: Boolean) { addPlanNote(body: $body, studentId: $studentId, staffOnly: $staffOnly) { id body authorName authorRole staffOnly canDelete } }`;
const DELETE = `mutation($id: Int!) { deletePlanNote(id: $id) }`;
const CASELOAD_UNREAD = `{ caseload(first: 50) { nodes { studentId unreadNotes } } }`;

type Note = { id: number; body: string; authorName: string; authorRole: string; staffOnly: boolean; canDelete: boolean };

/** A school with a counselor, the student Sam, Sam's parent; another school's counselor; an unlinked parent. */
async function world() {
  const school = await h.buildSchool();
  const counselor = await h.buildStaff({ school, firstName: 'Alex', lastName: 'Rivera' });
  const sam = await h.buildStudent({ school, firstName: 'Sam', lastName: 'Lee' });
  const parent = await h.buildParent({ school, firstName: 'Jordan', lastName: 'Lee', students: [sam] });
  const other = await h.buildSchool();
  const otherStaff = await h.buildStaff({ school: other });
  const stranger = await h.buildParent({ school });
  return {
    school,
    counselor,
    sam,
    parent,
    otherStaff,
    stranger,
    staffToken: await h.tokenFor(counselor),
    samToken: await h.tokenFor(sam),
    parentToken: await h.tokenFor(parent),
    otherToken: await h.tokenFor(otherStaff),
    strangerToken: await h.tokenFor(stranger),
  };
}

const bodies = (notes: Note[]) => notes.map((n) => n.body);

describe('plan notes', () => {
  it('lets staff, the student and a linked parent write; shows author, role and time; staff-only notes reach staff only', async () => {
    const w = await world();
    const first = await h.gql(ADD, { studentId: w.sam.id, body: '  Please check https://example.org/a-g before Friday.  ' }, w.staffToken);
    expect(first.errors).toBeUndefined();
    expect(first.data!.addPlanNote).toMatchObject({
      body: 'Please check https://example.org/a-g before Friday.',
      authorName: 'Alex Rivera',
      authorRole: 'staff',
      staffOnly: false,
      canDelete: true,
    });
    const secret = await h.api.post('/api/plan-notes/').set(h.auth(w.staffToken)).send({ student_id: w.sam.id, body: 'Family situation: talk first.', staff_only: true });
    expect(secret.status).toBe(201);
    expect(secret.body).toMatchObject({ body: 'Family situation: talk first.', staff_only: true, author_role: 'staff', author_name: 'Alex Rivera' });

    // The student sees the first note only, through both APIs, and replies on their own plan.
    const samView = await h.gql(THREAD, {}, w.samToken);
    expect(samView.data!.planNotes).toMatchObject({ studentId: w.sam.id, canWrite: true, canMarkStaffOnly: false });
    expect(bodies(samView.data!.planNotes.notes)).toEqual(['Please check https://example.org/a-g before Friday.']);
    expect(samView.data!.planNotes.notes[0].canDelete).toBe(false);
    const samRest = await h.api.get('/api/plan-notes/').set(h.auth(w.samToken));
    expect(samRest.status).toBe(200);
    expect(samRest.body.notes.map((n: { body: string }) => n.body)).toEqual(['Please check https://example.org/a-g before Friday.']);
    expect(JSON.stringify(samRest.body)).not.toContain('Family situation');
    const reply = await h.gql(ADD, { body: 'Done, thanks!' }, w.samToken);
    expect(reply.data!.addPlanNote).toMatchObject({ authorName: 'Sam Lee', authorRole: 'student', staffOnly: false, canDelete: true });

    // The parent reads (no staff-only note) and writes with their own token.
    const parentRest = await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`).set(h.auth(w.parentToken));
    expect(parentRest.body.notes.map((n: { body: string; author_role: string }) => `${n.author_role}: ${n.body}`)).toEqual([
      'staff: Please check https://example.org/a-g before Friday.',
      'student: Done, thanks!',
    ]);
    expect(parentRest.body).toMatchObject({ can_write: true, can_mark_staff_only: false });
    const parentNote = await h.api.post('/api/plan-notes/').set(h.auth(w.parentToken)).send({ student_id: w.sam.id, body: 'We will call.' });
    expect(parentNote.status).toBe(201);
    expect(parentNote.body).toMatchObject({ author_role: 'parent', author_name: 'Jordan Lee' });
    expect(new Date(parentNote.body.created_at).getTime()).not.toBeNaN();

    // Staff see everything, oldest first.
    const staffView = await h.gql(THREAD, { studentId: w.sam.id }, w.staffToken);
    expect(staffView.data!.planNotes).toMatchObject({ canWrite: true, canMarkStaffOnly: true });
    expect(staffView.data!.planNotes.notes.map((n: Note) => [n.authorRole, n.staffOnly])).toEqual([
      ['staff', false],
      ['staff', true],
      ['student', false],
      ['parent', false],
    ]);
    const rows: { author_id: number; author_role: string; staff_only: boolean }[] = await h.db.query(
      `SELECT author_id, author_role, staff_only FROM plan_notes WHERE student_id = $1 ORDER BY id`,
      [w.sam.id],
    );
    expect(rows.map((r) => r.author_id)).toEqual([w.counselor.id, w.counselor.id, w.sam.id, w.parent.id]);
  });

  it('keeps staff-only notes from students and parents entirely: not listed, not countable, not deletable, not markable', async () => {
    const w = await world();
    const secret = await h.api.post('/api/plan-notes/').set(h.auth(w.staffToken)).send({ student_id: w.sam.id, body: 'Staff eyes only', staff_only: true });
    for (const token of [w.samToken, w.parentToken]) {
      const g = await h.gql(THREAD, { studentId: w.sam.id }, token);
      expect(g.data!.planNotes.notes).toEqual([]);
      expect(JSON.stringify(g.body)).not.toContain('Staff eyes only');
      const r = await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`).set(h.auth(token));
      expect(r.body.notes).toEqual([]);
      // Its id is "not found", like an id of nothing.
      const del = await h.api.delete(`/api/plan-notes/${secret.body.id}/`).set(h.auth(token));
      expect(del.status).toBe(404);
      expect(del.body.error).toBe(textOf(NOTES_POLICY_MESSAGES.noteNotFound));
      expect((await h.api.delete('/api/plan-notes/2147483000/').set(h.auth(token))).body.error).toBe(textOf(NOTES_POLICY_MESSAGES.noteNotFound));
    }
    const markSam = await h.api.post('/api/plan-notes/').set(h.auth(w.samToken)).send({ body: 'mine', staff_only: true });
    expect(markSam.status).toBe(403);
    expect(markSam.body.error).toBe(textOf(NOTES_POLICY_MESSAGES.staffOnly));
    expect((await h.gql(ADD, { studentId: w.sam.id, body: 'x', staffOnly: true }, w.parentToken)).code).toBe('FORBIDDEN');
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM plan_notes WHERE student_id = $1`, [w.sam.id]);
    expect(n).toBe(1);
  });

  it('refuses other schools, unlinked parents, baseline plans and signed-out callers as "not found" or 401', async () => {
    const w = await world();
    await h.gql(ADD, { studentId: w.sam.id, body: 'Hello' }, w.staffToken);
    for (const token of [w.otherToken, w.strangerToken, await h.tokenFor(await h.buildStudent({ school: w.school }))]) {
      const read = await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`).set(h.auth(token));
      expect(read.status).toBe(404);
      expect(read.body.error).toBe(textOf(NOTES_POLICY_MESSAGES.studentNotFound));
      expect((await h.gql(THREAD, { studentId: w.sam.id }, token)).code).toBe('NOT_FOUND');
      const write = await h.api.post('/api/plan-notes/').set(h.auth(token)).send({ student_id: w.sam.id, body: 'Sneaky' });
      expect(write.status).toBe(404);
    }
    const baseline = await h.tokenFor(await h.buildUser(UserType.BaselinePlan, { school: w.school }));
    const b = await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`).set(h.auth(baseline));
    expect(b.status).toBe(403);
    expect(b.body.error).toBe(textOf(NOTES_POLICY_MESSAGES.notAllowed));
    expect((await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`)).status).toBe(401);
    // Staff name the student; an id of nobody, of a staff member, or malformed: 404 / 400.
    expect((await h.api.get('/api/plan-notes/').set(h.auth(w.staffToken))).status).toBe(404);
    expect((await h.api.get(`/api/plan-notes/?student_id=${w.counselor.id}`).set(h.auth(w.staffToken))).status).toBe(404);
    for (const bad of ['abc', '-1', '1e3', '99999999999', "1' OR '1'='1"]) {
      const r = await h.api.get(`/api/plan-notes/?student_id=${encodeURIComponent(bad)}`).set(h.auth(w.staffToken));
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(textOf(NOTE_INPUT_MESSAGES.studentId));
    }
    expect((await h.api.delete('/api/plan-notes/abc/').set(h.auth(w.staffToken))).status).toBe(400);
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM plan_notes WHERE student_id = $1`, [w.sam.id]);
    expect(n).toBe(1);
  });

  it("lets a parent's read-only view token read visible notes but never write or delete; a counselor's view writes as the counselor", async () => {
    const w = await world();
    await h.gql(ADD, { studentId: w.sam.id, body: 'Visible' }, w.staffToken);
    await h.gql(ADD, { studentId: w.sam.id, body: 'Hidden', staffOnly: true }, w.staffToken);
    const own = await h.api.post('/api/plan-notes/').set(h.auth(w.parentToken)).send({ student_id: w.sam.id, body: 'From parent' });
    const viewAs = (await h.api.post('/api/view-as-student/').set(h.auth(w.parentToken)).send({ studentId: w.sam.id })).body.token as string;
    const read = await h.api.get('/api/plan-notes/').set(h.auth(viewAs));
    expect(read.status).toBe(200);
    expect(read.body.notes.map((n: { body: string }) => n.body)).toEqual(['Visible', 'From parent']);
    expect(read.body).toMatchObject({ can_write: false, can_mark_staff_only: false });
    expect(read.body.notes.every((n: { can_delete: boolean }) => !n.can_delete)).toBe(true);
    const write = await h.api.post('/api/plan-notes/').set(h.auth(viewAs)).send({ body: 'Through the view' });
    expect(write.status).toBe(403);
    expect(write.body.error).toContain('read-only');
    expect((await h.gql(ADD, { body: 'Through the view' }, viewAs)).code).toBe('FORBIDDEN');
    expect((await h.api.delete(`/api/plan-notes/${own.body.id}/`).set(h.auth(viewAs))).status).toBe(403);
    // Another student through the view token: not found.
    const other = await h.buildStudent({ school: w.school });
    expect((await h.api.get(`/api/plan-notes/?student_id=${other.id}`).set(h.auth(viewAs))).status).toBe(404);

    const staffView = (await h.api.post('/api/view-as-student/').set(h.auth(w.staffToken)).send({ studentId: w.sam.id })).body.token as string;
    const thread = await h.gql(THREAD, {}, staffView);
    expect(bodies(thread.data!.planNotes.notes)).toEqual(['Visible', 'Hidden', 'From parent']);
    expect(thread.data!.planNotes.canMarkStaffOnly).toBe(true);
    const note = await h.gql(ADD, { body: 'Written from my view of the plan', staffOnly: true }, staffView);
    expect(note.data!.addPlanNote).toMatchObject({ authorName: 'Alex Rivera', authorRole: 'staff', staffOnly: true });
    expect((await h.api.get('/api/plan-notes/').set(h.auth(w.samToken))).body.notes.map((n: { body: string }) => n.body)).toEqual(['Visible', 'From parent']);
  });

  it('deletes only by the author within 15 minutes, with a clear refusal otherwise', async () => {
    const w = await world();
    const staffNote = (await h.gql(ADD, { studentId: w.sam.id, body: 'Staff note' }, w.staffToken)).data!.addPlanNote as Note;
    const samNote = (await h.gql(ADD, { body: 'Student note' }, w.samToken)).data!.addPlanNote as Note;
    const otherCounselor = await h.tokenFor(await h.buildStaff({ school: w.school }));

    for (const [token, id] of [
      [w.samToken, staffNote.id],
      [w.parentToken, samNote.id],
      [otherCounselor, staffNote.id],
      [w.staffToken, samNote.id],
    ] as const) {
      const r = await h.api.delete(`/api/plan-notes/${id}/`).set(h.auth(token));
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(textOf(NOTES_POLICY_MESSAGES.notAuthor));
    }
    expect((await h.gql(DELETE, { id: staffNote.id }, w.samToken)).code).toBe('FORBIDDEN');
    expect((await h.api.delete(`/api/plan-notes/${staffNote.id}/`).set(h.auth(w.otherToken))).status).toBe(404);

    // Sixteen minutes later the author may no longer delete it, and is told why.
    await h.db.query(`UPDATE plan_notes SET created_at = now() - interval '16 minutes' WHERE id = $1`, [samNote.id]);
    const thread = await h.gql(THREAD, {}, w.samToken);
    expect(thread.data!.planNotes.notes.find((n: Note) => n.id === samNote.id).canDelete).toBe(false);
    const late = await h.api.delete(`/api/plan-notes/${samNote.id}/`).set(h.auth(w.samToken));
    expect(late.status).toBe(403);
    expect(late.body.error).toBe(textOf(NOTES_POLICY_MESSAGES.tooLate));

    const ok = await h.gql(DELETE, { id: staffNote.id }, w.staffToken);
    expect(ok.data!.deletePlanNote).toBe(staffNote.id);
    const left: { body: string }[] = await h.db.query(`SELECT body FROM plan_notes WHERE student_id = $1 ORDER BY id`, [w.sam.id]);
    expect(left.map((r) => r.body)).toEqual(['Student note']);
    expect((await h.api.delete(`/api/plan-notes/${staffNote.id}/`).set(h.auth(w.staffToken))).status).toBe(404);
  });

  it('checks the text: trimmed, not empty, at most 2,000 characters, plain text kept as typed, hostile input refused', async () => {
    const w = await world();
    const post = (body: unknown) =>
      h.api
        .post('/api/plan-notes/')
        .set(h.auth(w.samToken))
        .send(body as object);
    for (const [body, message] of [
      [{ body: '   \n  ' }, textOf(NOTE_INPUT_MESSAGES.empty)],
      [{}, textOf(NOTE_INPUT_MESSAGES.empty)],
      [{ body: 42 }, textOf(NOTE_INPUT_MESSAGES.empty)],
      [{ body: ['x'] }, textOf(NOTE_INPUT_MESSAGES.empty)],
      [{ body: { $gt: '' } }, textOf(NOTE_INPUT_MESSAGES.empty)],
      [{ body: 'x', student_id: [1] }, textOf(NOTE_INPUT_MESSAGES.studentId)],
      [{ body: 'x', student_id: 1.5 }, textOf(NOTE_INPUT_MESSAGES.studentId)],
      [{ body: 'a'.repeat(2001) }, textOf(NOTE_INPUT_MESSAGES.tooLong)],
      // The one text rule of every body (core/validation.ts) answers first, as on GraphQL.
      [{ body: 'bad\u0000byte' }, REASONS.NUL_CHARACTER],
      [{ body: 'flip \u202Etxt.exe' }, textOf(NOTE_INPUT_MESSAGES.control)],
      [{ body: 'x', staff_only: 'yes' }, textOf(NOTE_INPUT_MESSAGES.staffOnly)],
      [{ body: 'x', student_id: 'abc' }, textOf(NOTE_INPUT_MESSAGES.studentId)],
      [{ body: 'x', student_id: 2 ** 31 }, textOf(NOTE_INPUT_MESSAGES.studentId)],
    ] as const) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    expect((await h.gql(ADD, { body: 'a'.repeat(2001) }, w.samToken)).body.errors[0].message).toBe(textOf(NOTE_INPUT_MESSAGES.tooLong));
    // Exactly 2,000 characters (emoji count as one each, as the database counts) pass once trimmed.
    expect((await post({ body: `  ${'😀'.repeat(2000)}  ` })).status).toBe(201);
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"\r\nline two';
    const stored = await post({ body: html });
    expect(stored.status).toBe(201);
    expect(stored.body.body).toBe('<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"\nline two');
    // A lone surrogate (broken UTF-16 in JSON) is refused, never stored replaced nor a server error.
    const broken = await h.api.post('/api/plan-notes/').set(h.auth(w.samToken)).set('Content-Type', 'application/json').send('{"body":"half \\ud83d pair"}');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: REASONS.TEXT_NOT_UNICODE, reason: 'TEXT_NOT_UNICODE' });
    const injection = await post({ body: "'); DROP TABLE plan_notes; --" });
    expect(injection.status).toBe(201);
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM plan_notes WHERE student_id = $1`, [w.sam.id]);
    expect(n).toBe(3);
    // An oversized JSON body is refused before it reaches anything.
    expect((await post({ body: 'a'.repeat(1_100_000) })).status).toBe(413);
  });

  it('counts unread notes per staff member on the caseload: reading marks read, their own notes never count', async () => {
    const w = await world();
    const ann = await h.buildStudent({ school: w.school, firstName: 'Ann' });
    const colleague = await h.buildStaff({ school: w.school });
    const colleagueToken = await h.tokenFor(colleague);
    const unread = async (token: string) =>
      Object.fromEntries(
        ((await h.gql(CASELOAD_UNREAD, {}, token)).data!.caseload.nodes as { studentId: number; unreadNotes: number }[]).map((r) => [r.studentId, r.unreadNotes]),
      );

    await h.gql(ADD, { studentId: w.sam.id, body: 'Mine' }, w.staffToken);
    await h.gql(ADD, { studentId: w.sam.id, body: 'Colleague secret', staffOnly: true }, colleagueToken);
    await h.gql(ADD, { body: 'From Sam' }, w.samToken);
    await h.api.post('/api/plan-notes/').set(h.auth(w.parentToken)).send({ student_id: w.sam.id, body: 'From parent' });
    expect(await unread(w.staffToken)).toEqual({ [w.sam.id]: 3, [ann.id]: 0 });
    expect(await unread(colleagueToken)).toEqual({ [w.sam.id]: 3, [ann.id]: 0 });
    const rest = await h.api.get('/api/caseload/').set(h.auth(w.staffToken));
    expect(rest.body.map((r: { student_id: number; unread_notes: number }) => [r.student_id, r.unread_notes])).toEqual(
      expect.arrayContaining([
        [w.sam.id, 3],
        [ann.id, 0],
      ]),
    );

    // Opening the thread marks it read for that staff member only.
    await h.gql(THREAD, { studentId: w.sam.id }, w.staffToken);
    expect(await unread(w.staffToken)).toEqual({ [w.sam.id]: 0, [ann.id]: 0 });
    expect(await unread(colleagueToken)).toEqual({ [w.sam.id]: 3, [ann.id]: 0 });
    await h.gql(ADD, { body: 'One more' }, w.samToken);
    await h.gql(ADD, { studentId: w.sam.id, body: 'My reply' }, w.staffToken);
    expect(await unread(w.staffToken)).toEqual({ [w.sam.id]: 1, [ann.id]: 0 });
    // A note deleted before it was read no longer counts.
    const early = (await h.gql(ADD, { studentId: ann.id, body: 'Oops' }, colleagueToken)).data!.addPlanNote as Note;
    expect((await unread(w.staffToken))[ann.id]).toBe(1);
    await h.gql(DELETE, { id: early.id }, colleagueToken);
    expect((await unread(w.staffToken))[ann.id]).toBe(0);

    const csv = await h.api.get('/api/caseload/export/').set(h.auth(w.staffToken));
    const header = csv.text.split('\r\n')[0].split(',');
    expect(header[header.length - 1]).toBe('Unread notes');
    const samLine = csv.text.split('\r\n').find((l) => l.includes(w.sam.email))!;
    expect(samLine.split(',').pop()).toBe('1');

    // The bulk function itself: one call for many students, absent means none.
    const counts = await unreadNoteCounts(h.db, w.counselor.id, [w.sam.id, ann.id, 2147483000]);
    expect([...counts.entries()]).toEqual([[w.sam.id, 1]]);
    expect((await unreadNoteCounts(h.db, w.counselor.id, [])).size).toBe(0);
  });

  it('records every read of the notes by staff or a parent in the access log, not the student reading their own', async () => {
    const w = await world();
    await h.gql(THREAD, { studentId: w.sam.id }, w.staffToken);
    await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`).set(h.auth(w.parentToken));
    const viewAs = (await h.api.post('/api/view-as-student/').set(h.auth(w.parentToken)).send({ studentId: w.sam.id })).body.token as string;
    await h.api.get('/api/plan-notes/').set(h.auth(viewAs));
    await h.gql(THREAD, {}, w.samToken);
    // A refused read is not a read.
    await h.api.get(`/api/plan-notes/?student_id=${w.sam.id}`).set(h.auth(w.otherToken));
    const rows: { actor_user_id: number; acting_user_id: number | null; school_id: number }[] = await h.db.query(
      `SELECT actor_user_id, acting_user_id, school_id FROM student_record_access WHERE student_id = $1 AND action = 'plan_notes_view' ORDER BY id`,
      [w.sam.id],
    );
    expect(rows).toEqual([
      { actor_user_id: w.counselor.id, acting_user_id: null, school_id: w.school.id },
      { actor_user_id: w.parent.id, acting_user_id: null, school_id: w.school.id },
      { actor_user_id: w.parent.id, acting_user_id: w.sam.id, school_id: w.school.id },
    ]);
  });
});
