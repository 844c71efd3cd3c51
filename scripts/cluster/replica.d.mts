/** Types of replica.mjs for the TypeScript tests that drive it. */
export interface ReplicaDescriptor {
  primaryUrl: string;
  port: number;
  dir: string;
  bin: string;
  /** The replica's slot on the primary, dropped by stop(). */
  slot?: string;
}
export interface Replica extends ReplicaDescriptor {
  url(db?: string): string;
  logFile: string;
  start(): void;
  halt(): void;
  stop(): Promise<void>;
  pauseReplay(): Promise<unknown>;
  resumeReplay(): Promise<unknown>;
  /** Waits (default 120 s) until the replica has replayed the primary's WAL up to now. */
  caughtUp(timeoutMs?: number): Promise<void>;
}
export function startReplica(opts: { primaryUrl: string; port: number; log?: (line: string) => void }): Promise<Replica>;
export function replicaControl(d: ReplicaDescriptor): Replica;
export function one(url: string, sql: string, params?: unknown[]): Promise<unknown>;
export function serverBinDir(primaryUrl: string): Promise<string>;
export function assertReplicationAllowed(primaryUrl: string): Promise<void>;
