import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkOutboxFilter } from './outbox-filter-input.js';

export function mountSystemRoutes(r: Router, deps: AppDeps): void {
  route(r, deps, 'get', '/system-status/', 'systemStatus', async (ctx) => {
    const s = await deps.services.system.status(ctx);
    return { version: s.version, database_kind: s.databaseKind, migrations: s.migrations, outbox_backlog: s.outboxBacklog };
  });
  // A JSON array (newest first); ?status=pending|sent|failed&limit=&offset=; the total is in X-Total-Count.
  route(r, deps, 'get', '/outbox/', 'outbox', async (ctx, req, res) => {
    const page = await deps.services.system.outboxMessages(ctx, checkOutboxFilter(req.query));
    res.setHeader('X-Total-Count', String(page.total));
    return page.rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      status: m.status,
      attempts: m.attempts,
      last_error: m.lastError,
      next_attempt_at: m.status === 'pending' ? m.nextAttemptAt : null,
      created_at: m.createdAt,
      sent_at: m.sentAt,
    }));
  });
  route(r, deps, 'get', '/health/', 'health', async () => {
    await deps.db.query('SELECT 1');
    return { status: 'ok' };
  });
}
