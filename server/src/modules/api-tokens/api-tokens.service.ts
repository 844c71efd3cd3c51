/**
 * Personal API tokens: staff create named, expiring, revocable tokens for scripts and dashboards
 * (profile page). The token is shown once; only its SHA-256 and last four characters are stored.
 * It works as `Authorization: Token <token>` or `Bearer <token>` on /api and /graphql, acting as
 * its owner (accounts.service authenticate), with no idle timeout.
 *
 * Decisions: only staff may hold them (students and parents have no integration use); a token
 * cannot be created or revoked with an API token or a view-as token, only from a signed-in
 * session, so a leaked script token cannot mint more; at most 25 active tokens per person;
 * lifetime 1 to 365 days (default 90). Revoked tokens leave the list; expired ones stay, marked.
 */
import { IsNull, type DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { conflict, notFound, because } from '../../core/errors.js';
import { randomToken, sha256 } from '../../core/passwords.js';
import { authorize } from '../../core/policy.js';
import { can } from './api-tokens.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import type { ApiTokenCreate } from './api-token-input.js';
import { parseUuid } from '../../core/ids.js';
import { AuthToken } from '../accounts/auth-token.entity.js';

export const API_TOKEN_MAX_ACTIVE = 25;
export { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS } from './api-token-input.js';

export interface ApiTokenView {
  id: string;
  name: string;
  lastFour: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  expired: boolean;
}

export class ApiTokensService {
  constructor(private readonly db: DataSource) {}

  async list(ctx: RequestContext): Promise<ApiTokenView[]> {
    const caller = authorize(ctx, can, 'list', null);
    const rows = await this.db.getRepository(AuthToken).find({
      where: { userId: caller.user.id, kind: 'api', revokedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
    return rows.map(view);
  }

  async create(ctx: RequestContext, checked: Checked<ApiTokenCreate>): Promise<{ token: string; apiToken: ApiTokenView }> {
    const caller = authorize(ctx, can, 'create', null);
    const input = valid(checked);
    return this.db.transaction(async (m) => {
      const active: { n: number }[] = await m.query(
        `SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = $1 AND kind = 'api' AND revoked_at IS NULL AND expires_at > now()`,
        [caller.user.id],
      );
      if ((active[0]?.n ?? 0) >= API_TOKEN_MAX_ACTIVE) throw conflict(because('API_TOKEN_LIMIT', { max: API_TOKEN_MAX_ACTIVE }));
      const token = randomToken();
      const now = Date.now();
      const row = await m.getRepository(AuthToken).save({
        tokenHash: sha256(token),
        userId: caller.user.id,
        actingUserId: null,
        readOnly: false,
        lastFour: token.slice(-4),
        // Never used: the epoch. API tokens have no idle timeout, and the first use sets the real time.
        lastUsedAt: new Date(0),
        expiresAt: new Date(now + input.expires_in_days * 86_400_000),
        kind: 'api' as const,
        name: input.name,
      });
      return { token, apiToken: view(row) };
    });
  }

  async revoke(ctx: RequestContext, rawId: unknown): Promise<void> {
    const caller = authorize(ctx, can, 'revoke', null);
    const id = parseUuid(rawId, 'API token');
    const result = await this.db.query(`UPDATE auth_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND kind = 'api' AND revoked_at IS NULL RETURNING id`, [
      id,
      caller.user.id,
    ]);
    const rows = Array.isArray(result[0]) ? result[0] : result;
    if (!rows.length) throw notFound(because('API_TOKEN_NOT_FOUND'));
  }
}

function view(r: AuthToken): ApiTokenView {
  const used = r.lastUsedAt.getTime() > 0;
  return {
    id: r.id,
    name: r.name ?? '',
    lastFour: r.lastFour,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    lastUsedAt: used ? r.lastUsedAt : null,
    expired: r.expiresAt.getTime() <= Date.now(),
  };
}
