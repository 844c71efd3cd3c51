import type { Router } from 'express';
import { route, type AppDeps } from '../../core/http.js';

export function mountSystemRoutes(r: Router, deps: AppDeps): void {
  route(r, deps, 'get', '/system-status/', 'systemStatus', async (ctx) => {
    const s = await deps.services.system.status(ctx);
    return { version: s.version, database_kind: s.databaseKind, migrations: s.migrations, outbox_backlog: s.outboxBacklog };
  });
  route(r, deps, 'get', '/outbox/', 'outbox', async (ctx) =>
    (await deps.services.system.outboxMessages(ctx)).map((m) => ({
      id: m.id, channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body, status: m.status, created_at: m.createdAt,
    })),
  );
  route(r, deps, 'get', '/health/', 'health', async () => {
    await deps.db.query('SELECT 1');
    return { status: 'ok' };
  });
}
