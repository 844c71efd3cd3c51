/**
 * Read replicas (DATABASE_REPLICA_URLS): which reads may go to one, and the one way they get there.
 * The data source runs TypeORM's replication with `defaultMode: 'master'`, so every statement goes
 * to the primary unless it runs inside `replicaRead` below, under a name from REPLICA_READS.
 *
 * A read goes to a replica only when all of these hold, checked on the replica connection that
 * then runs it (replay only moves forward, so what the check saw still holds for the read):
 *  - the request changes nothing (a REST method other than GET, a GraphQL mutation): every read of a
 *    request that writes goes to the primary, so it sees its own changes;
 *  - the replica has replayed the caller's read fence: the primary's WAL position recorded when this
 *    person's last request that wrote finished (table read_fences, read with their token). A person
 *    who saves and then reads, on any app process, reads their own write, however far the replica is
 *    behind;
 *  - the replica is at most REPLICA_MAX_LAG_SECONDS behind, so other people's changes show within
 *    that (a counselor's new course reaches the students' course list within 5 s);
 *  - the replica answered its last connection within REPLICA_RETRY_AFTER_MS: a dead replica is asked
 *    again only after that pause, and a read that fails on the replica (stopped, restarting, a query
 *    cancelled by recovery) runs again on the primary, so a replica going away fails no request.
 *
 * Two writes of one person at the same time (two tabs) share one fence, and the one recorded last
 * sets it. Its position is taken once it holds the fence's row, so after the other's record, itself
 * taken after the other's change was committed: past both changes. The gap is a REST handler that
 * answers before it ends (raiseReadFence): if the person's other write ends after that early answer
 * but before the handler does, it lowers the fence from the top to its own position, which may be
 * before the handler's remaining writes; until that handler ends and records its fence, the person's
 * replica-tolerant reads may miss those writes (by at most REPLICA_MAX_LAG_SECONDS, as anyone's).
 * Taking the higher of the two positions would leave a raised fence at the top for good; counting
 * each person's requests in flight would close the gap at a statement per request, not worth it for
 * a window this narrow on catalogue reads.
 *
 * Lag is the age of the last replayed transaction while the replica has received WAL it has not
 * replayed; a replica that has replayed all it received counts as 0 behind. (A replica cut off from
 * the primary without noticing would therefore look current to others' reads; the read fence still
 * holds for a person's own changes. PostgreSQL's wal_receiver_timeout, 60 s, bounds that.)
 */
import type { DataSource, EntityManager } from 'typeorm';
import { logger } from '../observability/logger.js';

/**
 * The reads that may be a moment stale, and why that is fine. Nothing else goes to a replica.
 */
export const REPLICA_READS = {
  courseList: "A school's course list (own, partner, by requirement): courses change a few times a term.",
  pathwayList: "A school's pathways: edited by staff before registration opens, read by everyone.",
  courseChoices: 'The course picker of the plan editor (search by code or title): the same catalogue.',
  catalogueFilters: "The course list's filter options (tags, requirements): derived from the catalogue.",
} as const;
export type ReplicaRead = keyof typeof REPLICA_READS;

/**
 * Most seconds a replica may be behind and still answer. A counselor who adds a course and tells a
 * student to look expects it there by the time the student opens the page; 5 s is well inside that,
 * and far above the replay lag of a healthy replica on the same network (milliseconds, measured by
 * the cluster test).
 */
export const REPLICA_MAX_LAG_SECONDS = 5;
/** After a replica failed to answer, its reads go to the primary this long before it is asked again. */
export const REPLICA_RETRY_AFTER_MS = 5000;

/** Per request: what decides where its reads go. */
export interface ReadRouting {
  /** The request changes something: every read goes to the primary, and its end records a read fence. */
  writes: boolean;
  /** The primary's WAL position (pg_lsn text) when the caller's last request that wrote ended, or null. */
  fence: string | null;
}

interface RoutedContext {
  db: DataSource;
  reads?: ReadRouting;
  caller?: { user: { id: number } } | null;
}

/** Where reads went in this process (tests and the capacity plan read these). */
export const replicaReadCounts = { replica: 0, primary: 0, fallbacks: 0 };

let replicaDownUntil = 0;

export function hasReplicas(db: DataSource): boolean {
  return Boolean((db.options as { replication?: unknown }).replication);
}

/** One statement on the replica connection: whether it may answer a caller with this fence. */
const CHECK_SQL = `SELECT pg_is_in_recovery() AS standby,
  COALESCE(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS fenced,
  CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
       ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 1e9) END::float8 AS lag`;

/**
 * Runs `read` on a replica when the rules above allow, else on the primary; its result either way.
 * `read` must only read, through the manager it is given.
 */
export async function replicaRead<T>(ctx: RoutedContext, name: ReplicaRead, read: (m: EntityManager) => Promise<T>): Promise<T> {
  const db = ctx.db;
  const onPrimary = () => {
    replicaReadCounts.primary++;
    return read(db.manager);
  };
  if (!hasReplicas(db) || !ctx.reads || ctx.reads.writes || Date.now() < replicaDownUntil) return onPrimary();
  const runner = db.createQueryRunner('slave');
  try {
    let usable = false;
    try {
      const [state]: { standby: boolean; fenced: boolean; lag: number }[] = await runner.query(CHECK_SQL, [ctx.reads.fence ?? '0/0']);
      usable = state.standby && state.fenced && state.lag <= REPLICA_MAX_LAG_SECONDS;
    } catch (e) {
      replicaDownUntil = Date.now() + REPLICA_RETRY_AFTER_MS;
      logger.warn({ err: e, read: name }, '[replica] did not answer; reading from the primary');
    }
    if (!usable) return await onPrimary();
    try {
      const result = await read(runner.manager);
      replicaReadCounts.replica++;
      return result;
    } catch (e) {
      // Only a database error is retried: one of ours (a refusal, bad input) would be the same on the primary.
      // A runner TypeORM released under the read lost its connection (the replica went away between two
      // of the read's statements): its next statement throws "already released", no database error.
      if (!isDatabaseError(e) && !runner.isReleased) throw e;
      replicaReadCounts.fallbacks++;
      logger.warn({ err: e, read: name }, '[replica] read failed; running it on the primary');
      return await onPrimary();
    }
  } finally {
    await runner.release().catch(() => undefined);
  }
}

function isDatabaseError(e: unknown): boolean {
  const err = e as { name?: string; code?: unknown; driverError?: unknown };
  return (
    err?.name === 'QueryFailedError' || typeof err?.code === 'string' || err?.driverError !== undefined || /connect|terminat|timeout/i.test(String((e as Error)?.message))
  );
}

/**
 * Ends a request that wrote: records the primary's WAL position as the caller's read fence, so their
 * next reads, on any app process, wait for a replica that has their change or go to the primary.
 * Nothing to do without replicas or without a signed-in caller.
 */
export async function recordReadFence(ctx: RoutedContext): Promise<void> {
  if (!ctx.reads?.writes || !ctx.caller || !hasReplicas(ctx.db)) return;
  await ctx.db.query(
    // The update's position is taken once the row is locked, after any other record of this person.
    `INSERT INTO read_fences (user_id, lsn) VALUES ($1, pg_current_wal_insert_lsn())
     ON CONFLICT (user_id) DO UPDATE SET lsn = pg_current_wal_insert_lsn()`,
    [ctx.caller.user.id],
  );
}

/**
 * Starts a request that writes and may answer before it ends: until recordReadFence, the caller's
 * fence is the highest position there is, so a read they make meanwhile (the answer already in
 * hand) goes to the primary. Should the process die in between, their reads stay on the primary
 * until their next write: safe, only slower.
 */
export async function raiseReadFence(ctx: RoutedContext): Promise<void> {
  if (!ctx.reads?.writes || !ctx.caller || !hasReplicas(ctx.db)) return;
  await ctx.db.query(`INSERT INTO read_fences (user_id, lsn) VALUES ($1, 'FFFFFFFF/FFFFFFFF') ON CONFLICT (user_id) DO UPDATE SET lsn = excluded.lsn`, [
    ctx.caller.user.id,
  ]);
}

/** Test hook: forget that a replica failed. */
export function resetReplicaState(): void {
  replicaDownUntil = 0;
  replicaReadCounts.replica = replicaReadCounts.primary = replicaReadCounts.fallbacks = 0;
}
