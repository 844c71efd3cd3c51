// Starts the built app for the browser journeys on a fresh database with the demo school:
// a fresh PostgreSQL database next to DATABASE_URL's when it is set (CI), else a fresh embedded one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const env = { ...process.env, PORT: process.env.E2E_PORT ?? '4173', SEED_DEMO: 'true', NODE_ENV: 'test', TEST_CLOCK: '1' };
// TEST_CLOCK: a journey may move the server's day (POST /api/test-clock/, server/src/modules/jobs/test-clock.rest.ts).
// Single sign-on against the loopback provider that e2e/sso.spec.ts starts (discovery waits for the
// first click, so the other journeys only see the button).
Object.assign(env, {
  OIDC_ISSUER: `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? '4175'}`,
  OIDC_CLIENT_ID: 'planner-e2e',
  OIDC_CLIENT_SECRET: 'planner-e2e-client-secret',
  OIDC_DISPLAY_NAME: 'Continue with Lincoln USD',
});
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'planner'}_e2e`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATABASE_URL = '';
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-'));
}
const child = spawn(process.execPath, ['server/dist/server/src/main.js'], { env, stdio: 'inherit' });
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
