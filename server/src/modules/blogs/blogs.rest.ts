import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';

export function mountBlogRoutes(r: Router, deps: AppDeps): void {
  const { blogs } = deps.services;
  route(r, deps, 'get', '/blogs/', 'blogs', async () => blogs.list());
  route(r, deps, 'get', '/blogs/:id/', 'blog', async (_ctx, req) => blogs.get(req.params.id));
}
