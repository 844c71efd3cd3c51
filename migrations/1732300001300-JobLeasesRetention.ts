import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job leases and data retention. A running job holds a lease (`lease_expires_at`) that its
 * worker's heartbeat renews; another worker reclaims it only once the lease has lapsed. The
 * daily retention job deletes old rows in batches: the indexes below let each batch find its
 * rows without reading the whole table.
 */
export class JobLeasesRetention1732300001300 implements MigrationInterface {
  name = 'JobLeasesRetention1732300001300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs ADD COLUMN lease_expires_at timestamptz`);
    // Jobs running at the upgrade keep the old rule: taken back 10 minutes after their claim.
    await q.query(`UPDATE jobs SET lease_expires_at = locked_at + interval '10 minutes' WHERE status = 'running'`);
    await q.query(`CREATE INDEX jobs_lease_idx ON jobs (lease_expires_at) WHERE status = 'running'`);
    await q.query(`CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('done', 'failed')`);
    await q.query(`CREATE INDEX auth_tokens_expires_idx ON auth_tokens (expires_at)`);
    await q.query(`CREATE INDEX auth_tokens_revoked_idx ON auth_tokens (revoked_at) WHERE revoked_at IS NOT NULL`);
    await q.query(`CREATE INDEX auth_tokens_last_used_idx ON auth_tokens (last_used_at) WHERE kind <> 'api'`);
    await q.query(`CREATE INDEX password_resets_expires_idx ON password_resets (expires_at)`);
    await q.query(`CREATE INDEX rate_limit_buckets_window_idx ON rate_limit_buckets (window_start)`);
    await q.query(`CREATE INDEX stripe_events_received_idx ON stripe_events (received_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS stripe_events_received_idx`);
    await q.query(`DROP INDEX IF EXISTS rate_limit_buckets_window_idx`);
    await q.query(`DROP INDEX IF EXISTS password_resets_expires_idx`);
    await q.query(`DROP INDEX IF EXISTS auth_tokens_last_used_idx`);
    await q.query(`DROP INDEX IF EXISTS auth_tokens_revoked_idx`);
    await q.query(`DROP INDEX IF EXISTS auth_tokens_expires_idx`);
    await q.query(`DROP INDEX IF EXISTS jobs_finished_idx`);
    await q.query(`DROP INDEX IF EXISTS jobs_lease_idx`);
    await q.query(`ALTER TABLE jobs DROP COLUMN IF EXISTS lease_expires_at`);
  }
}
