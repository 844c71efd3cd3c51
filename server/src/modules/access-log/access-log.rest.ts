/** GET /api/access-log/: the school's student-record access log for staff (?student_id, actor_id, student, actor, action, from, to, first, after). */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkAccessLogFilter } from './access-log-input.js';

export function mountAccessLogRoutes(r: Router, deps: AppDeps): void {
  route(r, deps, 'get', '/access-log/', 'accessLog', async (ctx, req) => {
    const page = await deps.services.accessLog.list(ctx, checkAccessLogFilter(req.query));
    return {
      results: page.rows.map((e) => ({
        id: e.id,
        created_at: e.createdAt,
        action: e.action,
        reason: e.reason,
        student_id: e.studentId,
        student_name: e.studentName,
        actor_id: e.actorUserId,
        actor_name: e.actorName,
        acting_user_id: e.actingUserId,
        acting_name: e.actingName,
      })),
      count: page.totalCount,
      next_cursor: page.hasNextPage ? page.endCursor : null,
    };
  });
}
