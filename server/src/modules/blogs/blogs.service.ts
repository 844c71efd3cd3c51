import type { DataSource } from 'typeorm';
import { because, notFound } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { Blog } from './blog.entity.js';

/** Articles are public: the landing page shows them to everyone. */
export class BlogsService {
  constructor(private readonly db: DataSource) {}

  list(): Promise<Blog[]> {
    return this.db.getRepository(Blog).find({ order: { date: 'DESC', id: 'DESC' } });
  }

  async get(id: unknown): Promise<Blog> {
    const blog = await this.db.getRepository(Blog).findOneBy({ id: parseId(id, 'blog post') });
    if (!blog) throw notFound(because('BLOG_POST_NOT_FOUND'));
    return blog;
  }
}
