/**
 * What an API test needs: the app built on the shared test database (prepared by global-setup.ts),
 * an HTTP client for /api and /graphql, sign-in helpers, and factories that insert rows directly
 * with unique emails, so a test never depends on what other tests left behind.
 *
 *   const h = useHarness();            // registers beforeAll / afterAll / beforeEach hooks
 *   it('...', async () => {
 *     const token = await h.login(DEMO.admin);
 *     const res = await h.api.get('/api/current-user/').set(h.auth(token));
 *   });
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { hashPassword } from '../core/passwords.js';
import { makeDataSource } from '../db/database.js';
import { DEMO, DEMO_PASSWORD } from '../db/seed.js';
import { ParentStudentLink, User, UserType } from '../modules/accounts/user.entity.js';
import { defaultYearLabels, School, SchoolMembership, SchoolType } from '../modules/schools/school.entity.js';
import type { Services } from '../services.js';

export { DEMO, DEMO_PASSWORD };

export interface GqlResult<T = Record<string, any>> {
  status: number;
  data: T | null | undefined;
  errors: { message: string; path?: string[]; extensions?: Record<string, unknown> }[] | undefined;
  /** The first error's extensions.code, for refusals. */
  code: string | undefined;
  body: any;
}

export interface UserOverrides {
  email?: string;
  firstName?: string;
  lastName?: string;
  school?: School | null;
  grade?: string | null;
  parentCode?: string | null;
  applicationStatus?: User['applicationStatus'];
  academicYearLabels?: string[];
}

let counter = 0;
/** An email no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${crypto.randomBytes(3).toString('hex')}@test.example`;
}

let demoHash: Promise<string> | undefined;
/** The hash of DEMO_PASSWORD, computed once per file: factory users sign in with it. */
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

export class Harness {
  db!: DataSource;
  config!: Config;
  kind!: 'embedded' | 'server';
  built!: BuiltApp;
  server!: http.Server;
  /** supertest bound to the listening app: `h.api.get('/api/blogs/')`. */
  api!: ReturnType<typeof request>;
  private extraApps: BuiltApp[] = [];
  private extraDbs: DataSource[] = [];

  get services(): Services {
    return this.built.deps.services;
  }

  async start(): Promise<void> {
    const url = inject('databaseUrl');
    this.kind = inject('databaseKind');
    this.config = {
      ...loadConfig(),
      nodeEnv: 'test',
      databaseUrl: url,
      publicUrl: 'http://planner.test',
      authRateLimit: 10,
      authRateWindowSeconds: 15 * 60,
      // /metrics served, as a district would run it: the authorization matrix checks no user's token opens it.
      metricsToken: 'harness-metrics-token-7c1e9a',
    };
    // The embedded socket server takes one connection at a time; a server gets a small pool.
    this.db = await openWithRetry(url, this.kind === 'embedded' ? 1 : 5);
    this.built = await buildApp(this.db, this.config, this.kind);
    this.server = this.built.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => this.server.once('listening', () => resolve()));
    this.api = request(this.server);
  }

  async stop(): Promise<void> {
    for (const extra of this.extraApps) await extra.stop();
    for (const db of this.extraDbs) if (db.isInitialized) await db.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.built?.stop();
    if (this.db?.isInitialized) await this.db.destroy();
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Another app on the same database with other settings (e.g. a lower rate limit). */
  async appWith(overrides: Partial<Config>): Promise<ReturnType<typeof request>> {
    const built = await buildApp(this.db, { ...this.config, ...overrides }, this.kind);
    this.extraApps.push(built);
    return request(built.app);
  }

  /**
   * The app as on the embedded database, whose pool has one connection: a request that waits for a
   * second connection while it holds the first never ends there. On the embedded database that is
   * the harness's own app; on a server, another app on a pool of one connection to the same database.
   */
  async appWithOneConnection(): Promise<ReturnType<typeof request>> {
    if (this.kind === 'embedded') return this.api;
    const db = await openWithRetry(this.config.databaseUrl, 1);
    this.extraDbs.push(db);
    const built = await buildApp(db, this.config, this.kind);
    this.extraApps.push(built);
    return request(built.app);
  }

  /** The Authorization header of the spec: `Token <token>`. */
  auth(token: string): { Authorization: string } {
    return { Authorization: `Token ${token}` };
  }

  async clearRateLimits(): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_buckets');
    await this.db.query('DELETE FROM sign_in_throttles');
  }

  /** Signs in through POST /api/login/ and returns the token. */
  async login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await this.api.post('/api/login/').send({ email, password });
    expect(res.status, `login of ${email}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.token as string;
  }

  /** A session token issued directly (no password hashing): for tests about something other than signing in. */
  tokenFor(user: User | number): Promise<string> {
    return this.services.accounts.issueToken(typeof user === 'number' ? user : user.id);
  }

  async gql<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, token?: string | null): Promise<GqlResult<T>> {
    let req = this.api.post('/graphql').set('Content-Type', 'application/json');
    if (token) req = req.set(this.auth(token));
    const res = await req.send({ query, variables });
    return { status: res.status, data: res.body?.data, errors: res.body?.errors, code: res.body?.errors?.[0]?.extensions?.code, body: res.body };
  }

  // ---- factories: rows inserted directly ----------------------------------------------------

  async buildSchool(overrides: Partial<School> = {}): Promise<School> {
    const repo = this.db.getRepository(School);
    return repo.save(
      repo.create({
        name: `Test School ${crypto.randomBytes(4).toString('hex')}`,
        schoolType: SchoolType.HS,
        location: 'CA',
        ...overrides,
      }),
    );
  }

  async buildUser(userType: UserType, o: UserOverrides = {}): Promise<User> {
    const school = o.school === undefined ? await this.buildSchool() : o.school;
    const repo = this.db.getRepository(User);
    const user = await repo.save(
      repo.create({
        email: o.email ?? uniqueEmail(UserType[userType].toLowerCase()),
        passwordHash: await demoPasswordHash(),
        firstName: o.firstName ?? 'Test',
        lastName: o.lastName ?? UserType[userType],
        userType,
        schoolId: school?.id ?? null,
        grade: o.grade ?? null,
        parentCode: o.parentCode ?? null,
        applicationStatus: o.applicationStatus ?? null,
        academicYearLabels: o.academicYearLabels ?? [],
      }),
    );
    if (school) await this.db.getRepository(SchoolMembership).insert({ userId: user.id, schoolId: school.id });
    return user;
  }

  buildStudent(o: UserOverrides = {}): Promise<User> {
    return this.buildUser(UserType.Student, {
      grade: '10',
      parentCode: `T${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
      academicYearLabels: defaultYearLabels(o.school?.schoolType ?? SchoolType.HS),
      ...o,
    });
  }

  buildStaff(o: UserOverrides = {}): Promise<User> {
    return this.buildUser(UserType.Staff, o);
  }

  /** A parent, linked to `students`. */
  async buildParent(o: UserOverrides & { students?: User[] } = {}): Promise<User> {
    const parent = await this.buildUser(UserType.Parent, o);
    for (const s of o.students ?? []) {
      await this.db.getRepository(ParentStudentLink).insert({ parentId: parent.id, studentId: s.id });
    }
    return parent;
  }

  // ---- the seeded demo data -----------------------------------------------------------------

  schoolNamed(name: string): Promise<School> {
    return this.db.getRepository(School).findOneByOrFail({ name });
  }

  userByEmail(email: string): Promise<User> {
    return this.db.getRepository(User).findOneByOrFail({ email: email.toLowerCase() });
  }
}

async function openWithRetry(url: string, poolSize: number): Promise<DataSource> {
  // The previous file's connection to the embedded server may still be closing: try again briefly.
  for (let attempt = 1; ; attempt++) {
    const db = makeDataSource(url, poolSize, false);
    try {
      await db.initialize();
      await db.query('SELECT 1');
      return db;
    } catch (e) {
      if (db.isInitialized) await db.destroy().catch(() => {});
      if (attempt >= 10) throw e;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/**
 * Registers the hooks of an API test file and returns the harness they fill. Rate-limit counters
 * are cleared before each test so one test's failed sign-ins never refuse another's.
 */
export function useHarness(): Harness {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  beforeEach(() => h.clearRateLimits());
  return h;
}
