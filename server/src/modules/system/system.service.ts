/** The /test status page: what is running, on which database, and what is waiting to be sent. */
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { serverPackageDir } from '../../config.js';
import type { RequestContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { requireCaller, requireUserType } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
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
   * The outbox for staff while developing or testing (no mail server): what would have been sent.
   * On a district's server (production, PostgreSQL) it is not served: reset links must reach only their owner.
   */
  async outboxMessages(ctx: RequestContext) {
    requireUserType(requireCaller(ctx), UserType.Staff);
    if (!this.outboxReadable) throw notFound();
    return this.outbox.recent(50);
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
