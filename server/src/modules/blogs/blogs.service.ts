import type { DataSource } from 'typeorm';
import { notFound } from '../../core/errors.js';
import { Blog } from './blog.entity.js';

/** Articles are public: the landing page shows them to everyone. */
export class BlogsService {
  constructor(private readonly db: DataSource) {}

  list(): Promise<Blog[]> {
    return this.db.getRepository(Blog).find({ order: { date: 'DESC', id: 'DESC' } });
  }

  async get(id: number): Promise<Blog> {
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Blog post not found.');
    const blog = await this.db.getRepository(Blog).findOneBy({ id });
    if (!blog) throw notFound('Blog post not found.');
    return blog;
  }
}
