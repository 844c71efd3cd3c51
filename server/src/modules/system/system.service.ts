/** The /test status page: what is running, on which database, and what is waiting to be sent. */
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { serverPackageDir } from '../../config.js';
import type { RequestContext } from '../../core/context.js';
import { badInput } from '../../core/errors.js';
import { authorize } from '../../core/policy.js';
import { can } from './system.policy.js';
import type { OutboxMessage, OutboxStatus } from '../outbox/outbox.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';

export interface SystemStatus {
  version: string;
  databaseKind: 'embedded' | 'server';
  migrations: string[];
  outboxBacklog: number;
}

export class SystemService {
  constructor(
    private readonly db: DataSource,
    private readonly databaseKind: 'embedded' | 'server',
    private readonly outbox: OutboxService,
    private readonly outboxReadable: boolean,
  ) {}

  /**
   * The outbox for staff: what was sent, what waits, what failed (attempts, last error, next try),
   * newest first, paged, optionally of one status; only messages to people of their own schools.
   * While developing or testing (no mail server) bodies are shown: what would have been sent. On a
   * district's server (production, PostgreSQL) never: reset links must reach only their owner.
   */
  async outboxMessages(ctx: RequestContext, raw: { status?: unknown; limit?: unknown; offset?: unknown } = {}): Promise<{ rows: OutboxMessage[]; total: number; bodiesShown: boolean }> {
    const caller = authorize(ctx, can, 'viewOutbox', null);
    const status = raw.status === undefined || raw.status === null || raw.status === '' ? null : String(raw.status);
    if (status && !['pending', 'sent', 'failed'].includes(status)) throw badInput('status must be pending, sent or failed.');
    const limit = raw.limit === undefined || raw.limit === null || raw.limit === '' ? 50 : Number(raw.limit);
    const offset = raw.offset === undefined || raw.offset === null || raw.offset === '' ? 0 : Number(raw.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badInput('limit must be between 1 and 200.');
    if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw badInput('offset must be a whole number from 0.');
    // Trust (issue 11): only messages to people of the caller's schools (students, parents, their
    // guardians' phones, and the caller), never another school's reset links or consent codes,
    // and never another staff member's reset link.
    const rows: (OutboxMessage & { total: number })[] = await this.db.query(
      `WITH mine AS (SELECT school_id FROM school_memberships WHERE user_id = $1 UNION SELECT school_id FROM users WHERE id = $1 AND school_id IS NOT NULL),
            people AS (SELECT u.id, u.email, u.guardian_phone, u.user_type FROM users u
                        WHERE u.id = $1 OR (u.user_type <> 2 AND (u.school_id IN (SELECT school_id FROM mine)
                          OR u.id IN (SELECT user_id FROM school_memberships WHERE school_id IN (SELECT school_id FROM mine))
                          OR u.id IN (SELECT l.parent_id FROM parent_student_links l JOIN users s ON s.id = l.student_id WHERE s.school_id IN (SELECT school_id FROM mine)))))
       SELECT o.id, o.channel, o.recipient, o.subject, o.body, o.status, o.attempts, o.last_error AS "lastError",
              o.next_attempt_at AS "nextAttemptAt", o.created_at AS "createdAt", o.sent_at AS "sentAt", count(*) OVER ()::int AS total
         FROM outbox_messages o
        WHERE (lower(o.recipient) IN (SELECT lower(email) FROM people) OR o.recipient IN (SELECT guardian_phone FROM people WHERE guardian_phone IS NOT NULL))
          AND ($2::text IS NULL OR o.status = $2)
        ORDER BY o.created_at DESC, o.id DESC LIMIT $3 OFFSET $4`,
      [caller.user.id, status as OutboxStatus | null, limit, offset],
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && offset > 0) total = (await this.outboxMessages(ctx, { status, limit: 1, offset: 0 })).total;
    return { rows, total, bodiesShown: this.outboxReadable };
  }

  async status(ctx: RequestContext): Promise<SystemStatus> {
    authorize(ctx, can, 'viewStatus', null);
    const rows: { name: string }[] = await this.db.query(`SELECT name FROM migrations ORDER BY id`);
    return {
      version: appVersion(),
      databaseKind: this.databaseKind,
      migrations: rows.map((r) => r.name),
      outboxBacklog: await this.outbox.backlog(),
    };
  }
}

let version: string | undefined;
export function appVersion(): string {
  version ??= JSON.parse(fs.readFileSync(path.join(serverPackageDir(), '..', 'package.json'), 'utf8')).version as string;
  return version;
}
