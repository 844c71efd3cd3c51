/** Reason codes as callers get them: REST `reason` (and `params`) beside `error`, GraphQL `extensions.reason`. */
import { describe, expect, it } from 'vitest';
import { REASONS } from '@planner/shared';
import { useHarness } from '../test/harness.js';
import { buildCourse, buildScheduled } from '../modules/plans/plans.factories.js';

const h = useHarness();

describe('reason codes on both APIs', () => {
  it('a missing record: NOT_FOUND with the area reason', async () => {
    const rest = await h.api.get('/api/blogs/987654/');
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ error: 'Blog post not found.', reason: 'BLOG_POST_NOT_FOUND' });
    const g = await h.gql('{ blog(id: 987654) { title } }');
    expect(g.errors![0]).toMatchObject({ message: 'Blog post not found.', extensions: { code: 'NOT_FOUND', reason: 'BLOG_POST_NOT_FOUND' } });
    // An unknown REST path answers the generic one.
    expect((await h.api.get('/api/no-such-route/')).body).toEqual({ error: 'Not found.', reason: 'NOT_FOUND' });
  });

  it('no permission: a signed-out caller and a staff member asking for a student plan', async () => {
    const anonymous = await h.api.get('/api/user-scheduled-courses/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ reason: 'UNAUTHENTICATED' });
    expect((await h.gql('{ plan { id } }')).errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'UNAUTHENTICATED' });

    const school = await h.buildSchool({ name: 'Reason High' });
    const staff = await h.tokenFor(await h.buildStaff({ school }));
    const rest = await h.api.get('/api/user-scheduled-courses/').set(h.auth(staff));
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ error: REASONS.NOT_A_PLAN, reason: 'NOT_A_PLAN' });
    expect((await h.gql('{ plan { id } }', {}, staff)).errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_A_PLAN' });
  });

  it('bad input: the zod parser refusal, and a parameterised text with its params', async () => {
    const school = await h.buildSchool({ name: 'Reason Input High' });
    const token = await h.tokenFor(await h.buildStudent({ school }));
    const rest = await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: 'x' });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: 'Please choose a course and a term.', reason: 'SCHEDULE_INVALID' });

    const page = await h.gql('{ courses(first: 0) { totalCount } }', {}, token);
    expect(page.errors![0]).toMatchObject({
      message: 'Page size must be between 1 and 1000.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'PAGE_SIZE_RANGE', params: { max: '1000' } },
    });
    const restPage = await h.api.get('/api/courses/?page_size=0').set(h.auth(token));
    expect(restPage.status).toBe(400);
    expect(restPage.body).toMatchObject({ reason: 'PAGE_SIZE_PARAM_RANGE', params: { max: expect.stringMatching(/^\d+$/) } });
  });

  it('a domain rule: TERM_HAS_COURSES', async () => {
    const school = await h.buildSchool({ name: 'Reason Terms High' });
    const user = await h.buildStudent({ school });
    const token = await h.tokenFor(user);
    await buildScheduled(h.db, user.id, await buildCourse(h.db, school, { courseId: 'R1', title: 'Reasons I' }), 1);
    const rest = await h.api.delete('/api/terms/1/').set(h.auth(token));
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ error: 'Cannot delete a term that has courses.', reason: 'TERM_HAS_COURSES' });
    const g = await h.gql('mutation { deleteTerm(position: 1) { labels } }', {}, token);
    expect(g.errors![0]).toMatchObject({ message: 'Cannot delete a term that has courses.', extensions: { code: 'CONFLICT', reason: 'TERM_HAS_COURSES' } });
  });
});
