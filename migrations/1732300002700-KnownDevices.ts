import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Browsers an account has signed in from (accounts/known-devices.ts): a sign-in from one of them
 * is throttled only by its own failures, never by failures that came from elsewhere.
 */
export class KnownDevices1732300002700 implements MigrationInterface {
  name = 'KnownDevices1732300002700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE known_devices (
        device_hash text NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        first_signed_in_at timestamptz NOT NULL DEFAULT now(),
        last_signed_in_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (device_hash, user_id)
      )`);
    await q.query(`CREATE INDEX known_devices_user_idx ON known_devices (user_id)`);
    await q.query(`CREATE INDEX known_devices_last_idx ON known_devices (last_signed_in_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS known_devices`);
  }
}
