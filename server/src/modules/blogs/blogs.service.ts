import type { DataSource } from 'typeorm';
import { notFound } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { Blog } from './blog.entity.js';
import { REASONS } from '@planner/shared';

/** Articles are public: the landing page shows them to everyone. */
export class BlogsService {
  constructor(private readonly db: DataSource) {}

  list(): Promise<Blog[]> {
    return this.db.getRepository(Blog).find({ order: { date: 'DESC', id: 'DESC' } });
  }

  async get(id: unknown): Promise<Blog> {
    const blog = await this.db.getRepository(Blog).findOneBy({ id: parseId(id, 'blog post') });
    if (!blog) throw notFound(REASONS.BLOG_POST_NOT_FOUND);
    return blog;
  }
}
