/** The /test status page: what is running, on which database, and what is waiting to be sent. */
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { serverPackageDir } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { authorize } from '../../core/policy.js';
import { can } from './system.policy.js';
import { UserType } from '../accounts/user.entity.js';
import type { OutboxChannel, OutboxMessage } from '../outbox/outbox.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { valid, type Checked } from '../../core/validation.js';
import type { DatabaseKind } from '../../db/database.js';
import type { OutboxFilter } from './outbox-filter-input.js';

export interface SystemStatus {
  version: string;
  databaseKind: DatabaseKind;
  migrations: string[];
  outboxBacklog: number;
}

/** When the outbox page may show what a message says. */
export interface OutboxBodies {
  /** Development, tests and the embedded demo; never a district's PostgreSQL in production. */
  readable: boolean;
  /** Channels a transport delivers (SMTP_URL, SMS_*): with any, no body is shown. */
  delivered: OutboxChannel[];
}

/** A message as the outbox page lists it: the body only where the caller may read it. */
export type ListedMessage = Omit<OutboxMessage, 'body'> & { body: string | null };

export class SystemService {
  constructor(
    private readonly db: DataSource,
    private readonly databaseKind: DatabaseKind,
    private readonly outbox: OutboxService,
    private readonly schools: SchoolsService,
    private readonly bodies: OutboxBodies,
  ) {}

  /**
   * The outbox for staff: what was sent, what waits, what failed (attempts, last error, next try),
   * newest first, paged, optionally of one status.
   *
   * Listed: the messages of the caller's schools (the school recorded when the message was queued,
   * never a match on the recipient's address), except those about another staff member (their
   * reset links), plus the caller's own. A message of no school, or about no known person, is
   * listed to nobody.
   *
   * Bodies (they hold reset and parent-sign links): shown only where nothing delivers the message's
   * channel and the outbox is the only way to read it (development, tests, the embedded demo), and
   * only to staff of the message's school. A server that delivers mail or texts is not a demo: it
   * shows no body at all, of either channel.
   */
  async outboxMessages(ctx: RequestContext, filter: Checked<OutboxFilter>): Promise<{ rows: ListedMessage[]; total: number }> {
    const caller = authorize(ctx, can, 'viewOutbox', null);
    const { status, limit, offset } = valid(filter);
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    const rows: (OutboxMessage & { ofCallersSchool: boolean; total: number })[] = await this.db.query(
      `SELECT o.id, o.channel, o.recipient, o.subject, o.body, o.status, o.attempts, o.last_error AS "lastError",
              o.next_attempt_at AS "nextAttemptAt", o.created_at AS "createdAt", o.sent_at AS "sentAt",
              o.school_id AS "schoolId", o.user_id AS "userId",
              coalesce(o.school_id = ANY($2::int[]), false) AS "ofCallersSchool", count(*) OVER ()::int AS total
         FROM outbox_messages o LEFT JOIN users u ON u.id = o.user_id
        WHERE (o.user_id = $1 OR (o.school_id = ANY($2::int[]) AND u.user_type <> $3))
          AND ($4::text IS NULL OR o.status = $4)
        ORDER BY o.created_at DESC, o.id DESC LIMIT $5 OFFSET $6`,
      [caller.user.id, schoolIds, UserType.Staff, status, limit, offset],
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && offset > 0) total = (await this.outboxMessages(ctx, { ok: true, value: { status, limit: 1, offset: 0 } })).total;
    return {
      total,
      rows: rows.map(({ ofCallersSchool, total: _total, ...m }) => ({
        ...m,
        body: this.bodies.readable && this.bodies.delivered.length === 0 && ofCallersSchool ? m.body : null,
      })),
    };
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
