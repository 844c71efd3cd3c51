/** The /test status page: what is running, on which database, and what is waiting to be sent. */
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { serverPackageDir } from '../../config.js';
import type { RequestContext } from '../../core/context.js';
import { badInput } from '../../core/errors.js';
import { requireCaller, requireUserType } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import type { OutboxStatus } from '../outbox/outbox.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { SchoolsService } from '../schools/schools.service.js';

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
    private readonly schools: SchoolsService,
  ) {}

  /**
   * The outbox for staff: what was sent, what waits, what failed (attempts, last error, next try).
   * While developing or testing (no mail server) every message is shown with its body: what would
   * have been sent. On a district's server (production, PostgreSQL) staff see only the messages to
   * people of their own schools, and never the bodies: reset links must reach only their owner.
   */
  async outboxMessages(ctx: RequestContext, raw: { status?: unknown; limit?: unknown; offset?: unknown } = {}) {
    const caller = requireCaller(ctx);
    requireUserType(caller, UserType.Staff);
    const status = raw.status === undefined || raw.status === null || raw.status === '' ? null : String(raw.status);
    if (status && !['pending', 'sent', 'failed'].includes(status)) throw badInput('status must be pending, sent or failed.');
    const limit = raw.limit === undefined || raw.limit === null || raw.limit === '' ? 50 : Number(raw.limit);
    const offset = raw.offset === undefined || raw.offset === null || raw.offset === '' ? 0 : Number(raw.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badInput('limit must be between 1 and 200.');
    if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw badInput('offset must be a whole number from 0.');
    const schoolIds = this.outboxReadable ? null : await this.schools.accessibleSchoolIds(caller.user);
    const page = await this.outbox.page({ status: status as OutboxStatus | null, limit, offset, schoolIds });
    return { ...page, bodiesShown: this.outboxReadable };
  }

  async status(ctx: RequestContext): Promise<SystemStatus> {
    requireUserType(requireCaller(ctx), UserType.Staff);
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
