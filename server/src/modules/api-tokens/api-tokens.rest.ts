/** /api/api-tokens/: a staff member's personal API tokens (snake_case, like every /api route). */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import type { ApiTokenView } from './api-tokens.service.js';
import { checkApiTokenCreate } from './api-token-input.js';

export const apiTokenJson = (t: ApiTokenView) => ({
  id: t.id,
  name: t.name,
  last_four: t.lastFour,
  created_at: t.createdAt,
  expires_at: t.expiresAt,
  last_used_at: t.lastUsedAt,
  expired: t.expired,
});

export function mountApiTokenRoutes(r: Router, deps: AppDeps): void {
  const { apiTokens } = deps.services;
  route(r, deps, 'get', '/api-tokens/', 'apiTokens', async (ctx) => (await apiTokens.list(ctx)).map(apiTokenJson));
  route(r, deps, 'post', '/api-tokens/', 'createApiToken', async (ctx, req, res) => {
    const created = await apiTokens.create(ctx, checkApiTokenCreate(req.body));
    res.status(201).json({ token: created.token, ...apiTokenJson(created.apiToken) });
  });
  route(r, deps, 'delete', '/api-tokens/:id/', 'revokeApiToken', async (ctx, req) => {
    await apiTokens.revoke(ctx, String(req.params.id));
  });
}
