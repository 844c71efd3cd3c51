/**
 * Bad-input fuzzing (issue 11): random and malformed JSON bodies, query strings and path
 * parameters to every REST route of the built app (read from the Express router stack, like the
 * authorization matrix), and random variables to every GraphQL mutation, as a signed-in admin and
 * as a student. Every answer must be below 500 (GraphQL: no INTERNAL_SERVER_ERROR), and a request
 * refused with a 4xx must leave the database exactly as it was: the row count of every table and
 * an md5 of the ordered rows of the key tables.
 *
 * First a sweep gives every route and mutation a few generated inputs (so each is reached), then
 * the rest of the time budget (about 40 s in all) goes to fully random calls.
 */
import fc from 'fast-check';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../graphql/schema.js';
import { useHarness } from '../../test/harness.js';
import { restRoutes } from './trust.factories.js';

const h = useHarness();

/** Calls that end the caller's own session: they would only turn the rest of the run into 401s. */
const SKIP_REST = new Set(['POST /api/logout/', 'POST /api/return-to-admin-view/', 'POST /api/return-to-parent-view/']);
const SKIP_GQL = new Set(['logout', 'returnToAdminView', 'returnToParentView']);
/** Tables whose rows change on any authenticated request (last use of a token) or on refusals by design (rate-limit counters). */
const VOLATILE = new Set(['rate_limit_buckets', 'sign_in_throttles', 'migrations']);
/** Compared row by row (md5 of the ordered rows); every other table by row count. */
const KEY_TABLES = [
  'users', 'schools', 'school_memberships', 'parent_student_links', 'scheduled_courses', 'courses', 'course_transfers',
  'course_requirements', 'course_prerequisites', 'pathways', 'requirements', 'consent_forms', 'consent_templates',
  'cccapply_consents', 'applications', 'payments', 'payment_records', 'enrollment_contracts', 'signup_codes', 'school_partnerships',
];

let checksumSql = '';
async function checksum(): Promise<string> {
  if (!checksumSql) {
    const tables: { t: string }[] = await h.db.query(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const parts = tables.filter(({ t }) => !VOLATILE.has(t)).map(({ t }) =>
      KEY_TABLES.includes(t)
        ? `'${t}:' || (SELECT count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${t}" x)`
        : `'${t}:' || (SELECT count(*) FROM "${t}")`,
    );
    checksumSql = `SELECT concat_ws(' ', ${parts.join(', ')}) AS sum`;
  }
  const [{ sum }] = await h.db.query(checksumSql);
  return sum;
}

// ---- arbitraries ----------------------------------------------------------------------------

const WEIRD = [
  '0', '-1', '2147483648', '99999999999999999999', '1e3', 'NaN', 'null', 'undefined', '%00', '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--", '%F0%9F%98%80', '%E0%A4%A', '00000000-0000-0000-0000-000000000000', 'not-a-uuid', 'x'.repeat(300), '%20', '__proto__',
];
const pathParam = fc.oneof(
  fc.constantFrom(...WEIRD),
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc.string({ maxLength: 20 }).filter((s) => s.length > 0).map(encodeURIComponent),
  fc.uuid(),
);
const FIELDS = [
  'id', 'student_id', 'studentId', 'course_id', 'courseId', 'term', 'grade', 'completed', 'position', 'label', 'title', 'name',
  'description', 'email', 'password', 'confirm_password', 'first_name', 'last_name', 'signup_code', 'uuid', 'requirement_uuid',
  'course_uuid', 'adjusted_units', 'decision', 'school_id', 'plan_id', 'units', 'tags', 'form_data', 'step', 'parent_code',
  'locale', 'scheduled_course_ids', 'color', 'prerequisites', '__proto__', 'constructor',
];
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(...WEIRD, '\u0000', '', ' ', '<script>alert(1)</script>'),
  fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(2 ** 53), fc.constant(-0),
);
const value = fc.oneof({ maxDepth: 2 }, scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 3 }));
const body = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"admin":true}}', '1e999', '"str"', 'null', '{"a":1}{"b":2}').map((raw) => ({ raw })),
);
const query = fc.dictionary(
  fc.constantFrom('page_size', 'cursor', 'search', 'sort', 'order', 'school_id', 'student_id', 'first', 'after', 'from', 'to', 'action', 'term', 'grade', 'id', 'student', 'actor'),
  fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...WEIRD), fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 2 })),
  { maxKeys: 4 },
);
const restInput = fc.record({ params: fc.array(pathParam, { minLength: 4, maxLength: 4 }), query, body });

function gqlValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  const orNull = (a: fc.Arbitrary<unknown>) => (isNonNullType(type) ? a : fc.oneof(a, fc.constant(null)));
  if (isListType(inner)) return orNull(fc.array(gqlValue(inner.ofType, depth + 1), { maxLength: 3 }));
  if (isEnumType(inner)) return orNull(fc.oneof(fc.constantFrom(...inner.getValues().map((v) => v.value)), fc.constant('NOT_A_VALUE')));
  if (isInputObjectType(inner)) {
    if (depth > 2) return fc.constant({});
    const fields = Object.values(inner.getFields());
    return orNull(fc.record(Object.fromEntries(fields.map((f) => [f.name, gqlValue(f.type, depth + 1)])), { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) }));
  }
  if (isScalarType(inner)) {
    const wrong = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    const right: Record<string, fc.Arbitrary<unknown>> = {
      Int: fc.oneof(fc.integer({ min: -3, max: 100_000 }), fc.constantFrom(0, -1, 2_147_483_647, -2_147_483_648)),
      Float: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e308)),
      Boolean: fc.boolean(),
      ID: fc.oneof(fc.integer({ min: -1, max: 100_000 }).map(String), fc.uuid(), fc.constantFrom(...WEIRD)),
      String: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...WEIRD, '\u0000', ''), fc.uuid()),
    };
    // Now and then a value of the wrong type: GraphQL must refuse it as a bad request.
    return orNull(fc.oneof({ weight: 5, arbitrary: right[inner.name] ?? fc.oneof(fc.string({ maxLength: 40 }), fc.object({ maxDepth: 1 })) }, { weight: 1, arbitrary: wrong }));
  }
  return fc.constant(null);
}

// ---- the calls ------------------------------------------------------------------------------

interface Failure { what: string; status: number; detail: string }
const failures: Failure[] = [];
let tokens: Record<'admin' | 'student', string>;
let schema: GraphQLSchema;
let last = '';
/** Answers by actor and status class, to show the run reached past authentication. */
const tally: Record<string, number> = {};
const count = (actor: string, status: number) => { const k = `${actor} ${status === 401 ? '401' : `${Math.floor(status / 100)}xx`}`; tally[k] = (tally[k] ?? 0) + 1; };

beforeAll(async () => {
  const school = await h.buildSchool({ hsFullAccessEnabled: true, fourYearPlanEnabled: true, baselinePlansEnabled: true, parentFormEnabled: true, cccApplyEnabled: true });
  const other = await h.buildSchool({ hsFullAccessEnabled: true, fourYearPlanEnabled: true });
  const admin = await h.buildStaff({ school });
  // The admin's only student is a decoy a random delete may remove; the fuzzing student is elsewhere.
  await h.buildStudent({ school });
  const student = await h.buildStudent({ school: other });
  tokens = { admin: await h.tokenFor(admin), student: await h.tokenFor(student) };
  schema = await buildAppSchema();
  last = await checksum();
}, 60_000);

/** Compares the database with the last checksum; a 4xx must have changed nothing. */
async function settle(what: string, status: number, detail: string, refused: boolean): Promise<void> {
  const now = await checksum();
  if (refused && now !== last) {
    const a = last.split(' ');
    const b = now.split(' ');
    failures.push({ what, status, detail: `${detail} changed ${b.filter((x, i) => x !== a[i]).map((x) => x.split(':')[0]).join(', ')}` });
  }
  last = now;
}

async function restCall(route: string, actor: 'admin' | 'student', input: { params: string[]; query: Record<string, unknown>; body: unknown }): Promise<void> {
  const [method, pattern] = route.split(' ');
  let i = 0;
  const url = pattern.replace(/:[A-Za-z]+|\{\*splat\}|\*splat/g, () => input.params[i++ % input.params.length]);
  let req = (h.api as any)[method.toLowerCase()](url).set(h.auth(tokens[actor])).query(input.query);
  const raw = input.body && typeof input.body === 'object' && 'raw' in (input.body as object) ? String((input.body as { raw: string }).raw) : null;
  if (method !== 'GET') req = req.set('Content-Type', 'application/json').send(raw ?? JSON.stringify(input.body ?? null));
  const res = await req.ok(() => true);
  count(actor, res.status);
  const detail = JSON.stringify({ actor, url, query: input.query, body: input.body }).slice(0, 400);
  if (res.status >= 500) failures.push({ what: route, status: res.status, detail: `${detail} -> ${JSON.stringify(res.body).slice(0, 200)}` });
  await settle(route, res.status, detail, res.status >= 400 && res.status < 500);
}

async function gqlCall(name: string, actor: 'admin' | 'student', vars: Record<string, unknown>): Promise<void> {
  const field = schema.getMutationType()!.getFields()[name];
  const decl = field.args.map((a) => `$${a.name}: ${a.type.toString()}`);
  const use = field.args.map((a) => `${a.name}: $${a.name}`);
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  const doc = `mutation Fuzz${decl.length ? `(${decl.join(', ')})` : ''} { ${name}${use.length ? `(${use.join(', ')})` : ''}${selection} }`;
  const res = await h.gql(doc, vars, tokens[actor]);
  const detail = JSON.stringify({ actor, name, vars }).slice(0, 400);
  const codes = (res.errors ?? []).map((e) => e.extensions?.code);
  count(actor, codes.includes('UNAUTHENTICATED') ? 401 : res.errors?.length ? 400 : res.status);
  if (res.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) failures.push({ what: `mutation ${name}`, status: res.status, detail: `${detail} -> ${JSON.stringify(res.errors).slice(0, 300)}` });
  await settle(`mutation ${name}`, res.status, detail, !!res.errors?.length);
}

const gqlVars = (name: string) => {
  const field = schema.getMutationType()!.getFields()[name];
  return fc.record(Object.fromEntries(field.args.map((a) => [a.name, gqlValue(a.type)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
};

const BUDGET_MS = 40_000;
/** The random phase's seed: printed with the result; FUZZ_SEED=<n> replays a run. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

describe('bad-input fuzzing', () => {
  it('regressions it found: a NUL in a parent code is no such code (404), not a server error', async () => {
    const res = await h.api.get('/api/parent-form-viewer/%00/').set(h.auth(tokens.admin));
    expect(res.status).toBe(404);
  });

  it('regressions it found: a NUL in a test checkout id is no such checkout (404), not a server error', async () => {
    const res = await h.api.post('/test-checkout/%00/pay').set(h.auth(tokens.admin));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No such test checkout.');
  });

  it('the checksum sees a changed row and a new row', async () => {
    const before = await checksum();
    const [{ id }] = await h.db.query(`SELECT id FROM users ORDER BY id LIMIT 1`);
    await h.db.query(`UPDATE users SET last_name = last_name || 'x' WHERE id = $1`, [id]);
    const changed = await checksum();
    expect(changed).not.toBe(before);
    await h.db.query(`UPDATE users SET last_name = left(last_name, -1) WHERE id = $1`, [id]);
    expect(await checksum()).toBe(before);
    await h.db.query(`INSERT INTO outbox_messages (channel, recipient, body) VALUES ('email', 'fuzz@example.org', 'x')`);
    expect(await checksum()).not.toBe(before);
    last = await checksum();
  });

  it('no REST route or GraphQL mutation answers 5xx to random input, and no refusal changes the database', async () => {
    const started = Date.now();
    const routes = restRoutes(h.built.app).filter((r) => !SKIP_REST.has(r));
    const mutations = Object.keys(schema.getMutationType()!.getFields()).filter((m) => !SKIP_GQL.has(m)).sort();
    expect(routes.length).toBeGreaterThan(100);
    let calls = 0;

    // 1. The sweep: every route and mutation, a few seeded inputs each, as both actors.
    for (const actor of ['student', 'admin'] as const) {
      for (const route of routes) {
        for (const input of fc.sample(restInput, { numRuns: 2, seed: route.length * 7919 + (actor === 'admin' ? 1 : 0) })) {
          await restCall(route, actor, input);
          calls++;
        }
        if (!route.startsWith('GET ')) {
          await restCall(route, actor, { params: ['1', '1', '1', '1'], query: {}, body: { raw: '{"not json' } });
          calls++;
        }
      }
      for (const name of mutations) {
        for (const vars of fc.sample(gqlVars(name), { numRuns: 2, seed: name.length * 104_729 })) {
          await gqlCall(name, actor, vars);
          calls++;
        }
      }
    }

    // 2. The rest of the budget: fully random routes, mutations, actors and inputs.
    const left = Math.max(2_000, BUDGET_MS - (Date.now() - started));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('admin' as const, 'student' as const),
        fc.oneof(
          fc.record({ kind: fc.constant('rest' as const), route: fc.constantFrom(...routes), input: restInput }),
          fc.constantFrom(...mutations).chain((name) => fc.record({ kind: fc.constant('gql' as const), route: fc.constant(name), input: gqlVars(name) })),
        ),
        async (actor, c) => {
          if (c.kind === 'rest') await restCall(c.route, actor, c.input as never);
          else await gqlCall(c.route, actor, c.input as Record<string, unknown>);
          calls++;
          return true;
        },
      ),
      { numRuns: 1_000_000, interruptAfterTimeLimit: left, markInterruptAsFailure: false, seed: SEED },
    );

    console.log(`[fuzz] ${calls} calls in ${Math.round((Date.now() - started) / 1000)} s, FUZZ_SEED=${SEED}`, tally);
    expect(calls).toBeGreaterThan(routes.length * 4);
    // Both actors stayed signed in: most answers are past authentication, and some inputs were accepted.
    for (const actor of ['admin', 'student']) {
      expect(tally[`${actor} 2xx`] ?? 0, actor).toBeGreaterThan(20);
      expect(tally[`${actor} 401`] ?? 0, actor).toBeLessThan((tally[`${actor} 4xx`] ?? 0) / 5);
    }
    expect(failures.slice(0, 20), `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 180_000);
});
