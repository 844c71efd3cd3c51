/**
 * Who is calling, and on whose behalf. Built once per request from the Authorization header by
 * both adapters; the caller and their school always come from here, never from arguments. It holds
 * what the services need, not the services themselves: the adapters reach those through their
 * own `AdapterContext` (adapters.ts). It names the accounts area's User and every area's loaders, so
 * it sits beside services.ts, not in core/; core/policy.ts reads only the caller facts it declares.
 */
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import type { User } from './modules/accounts/user.entity.js';
import type { Loaders } from './loaders.js';
import type { ReadRouting } from './db/replica-reads.js';

export interface Caller {
  user: User;
  tokenId: string;
  /** Set on a view-as token: the admin or parent who is acting as `user`. */
  actingUserId: number | null;
  /** A parent's view-as token may read but never write. */
  readOnly: boolean;
  /** 'api' for a personal API token (scripts, dashboards); 'session' otherwise. */
  tokenKind?: 'session' | 'api';
  /** The primary's WAL position after this person's last request that wrote (db/replica-reads.ts). */
  readFence?: string | null;
}

/**
 * The browser's device cookie (accounts/known-devices.ts): its id as sent, and a way to set it on
 * the answer. Absent where there is no browser (jobs, a service called from a test).
 */
export interface DeviceCookie {
  id: string | null;
  remember(id: string): void;
}

export interface RequestContext {
  caller: Caller | null;
  /** The client address, for rate limits. */
  ip: string;
  device?: DeviceCookie;
  db: DataSource;
  config: Config;
  loaders: Loaders;
  /** Where this request's replica-tolerant reads may go (db/replica-reads.ts); absent: the primary. */
  reads?: ReadRouting;
}

/** Reads `Authorization: Token <token>`; also accepts `Bearer` for third-party dashboards. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
  return m ? m[2] : null;
}
