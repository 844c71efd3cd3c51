/** The public blog posts of the landing page, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';

const h = useHarness();

const SEEDED_TITLES = [
  'Counselors at 350 to 1: Working Smarter with Pathways',
  'Building a Four-Year Plan That Keeps Doors Open',
  'Dual Enrollment, Explained for Families',
];

describe('blogs', () => {
  it('lists the posts without a token, newest first, with title, subtitle, image and date', async () => {
    const res = await h.api.get('/api/blogs/');
    expect(res.status).toBe(200);
    const seeded = res.body.filter((b: { title: string }) => SEEDED_TITLES.includes(b.title));
    expect(seeded.map((b: { title: string }) => b.title)).toEqual(SEEDED_TITLES);
    expect(seeded[0]).toMatchObject({
      subtitle: 'How pathways and baseline plans give every student a starting point',
      image: '/blog/pathways.svg',
      date: '2025-11-03',
      author: 'Alex Rivera',
    });
    const dates: string[] = res.body.map((b: { date: string }) => b.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lists them through GraphQL without a token', async () => {
    const g = await h.gql('{ blogs { id title subtitle image date } }');
    expect(g.errors).toBeUndefined();
    expect(g.data!.blogs.map((b: { title: string }) => b.title)).toEqual(expect.arrayContaining(SEEDED_TITLES));
  });

  it('gives one post with its author and HTML body by id', async () => {
    const all = await h.api.get('/api/blogs/');
    const post = all.body.find((b: { title: string }) => b.title === 'Dual Enrollment, Explained for Families');
    const res = await h.api.get(`/api/blogs/${post.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: post.id, title: post.title, author: 'Alex Rivera', date: '2025-09-08' });
    expect(res.body.body).toContain('<h2>Will the credit transfer?</h2>');

    const g = await h.gql('query ($id: Int!) { blog(id: $id) { title author body } }', { id: post.id });
    expect(g.data!.blog.author).toBe('Alex Rivera');
    expect(g.data!.blog.body).toBe(res.body.body);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await h.api.get('/api/blogs/999999/');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Blog post not found.' });
    for (const id of ['0', 'abc', '99999999999']) {
      const bad = await h.api.get(`/api/blogs/${id}/`);
      expect([bad.status, bad.body], id).toEqual([
        400,
        { error: 'Not a valid blog post id: expected a whole number from 1 to 2147483647.', reason: 'ID_INVALID', params: { what: 'blog post', max: '2147483647' } },
      ]);
    }
    const g = await h.gql('{ blog(id: 999999) { id } }');
    expect(g.code).toBe('NOT_FOUND');
    expect(g.errors![0].message).toBe('Blog post not found.');
  });
});
