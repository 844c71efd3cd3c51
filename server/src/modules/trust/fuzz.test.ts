/**
 * Bad-input fuzzing (issue 11): random and malformed JSON bodies, query strings and path
 * parameters to every REST route of the built app (read from the Express router stack, like the
 * authorization matrix), and random variables to every GraphQL mutation, as a signed-in admin and
 * as a student. Every answer must be below 500 (GraphQL: no INTERNAL_SERVER_ERROR), and a request
 * refused with a 4xx must leave the database exactly as it was: the row count of every table and
 * an md5 of the ordered rows of the key tables.
 *
 * Two sweeps aim hostile text (control characters, lone surrogates, very long strings, stray `%`,
 * SQL and LIKE metacharacters, numbers for text and text for numbers) at every input by name:
 * every query parameter of the OpenAPI document (so a newly documented parameter is covered
 * without editing this file), and every String or ID argument of every GraphQL query and mutation,
 * inside input objects too (walked from the schema). Then a sweep gives every route and mutation a
 * few generated inputs (so each is reached), and the rest of the time budget (about 40 s in all)
 * goes to fully random calls. Every sample comes from the printed FUZZ_SEED.
 */
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../graphql/schema.js';
import { useHarness } from '../../test/harness.js';
import { openApiDocument } from '../integrations/openapi.js';
import { restRoutes } from './trust.factories.js';

const h = useHarness();

/** Calls that end the caller's own session: they would only turn the rest of the run into 401s. */
const SKIP_REST = new Set(['POST /api/logout/', 'POST /api/return-to-admin-view/', 'POST /api/return-to-parent-view/']);
const SKIP_GQL = new Set(['logout', 'returnToAdminView', 'returnToParentView']);
/** Tables whose rows change on any authenticated request (last use of a token) or on refusals by design (rate-limit counters). */
const VOLATILE = new Set(['rate_limit_buckets', 'sign_in_throttles', 'migrations']);
/** Compared row by row (md5 of the ordered rows); every other table by row count. */
const KEY_TABLES = [
  'users',
  'schools',
  'school_memberships',
  'parent_student_links',
  'scheduled_courses',
  'courses',
  'course_transfers',
  'course_requirements',
  'course_prerequisites',
  'pathways',
  'requirements',
  'consent_forms',
  'consent_templates',
  'cccapply_consents',
  'applications',
  'payments',
  'payment_records',
  'enrollment_contracts',
  'signup_codes',
  'school_partnerships',
];

let checksumSql = '';
async function checksum(): Promise<string> {
  if (!checksumSql) {
    const tables: { t: string }[] = await h.db.query(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const parts = tables
      .filter(({ t }) => !VOLATILE.has(t))
      .map(({ t }) =>
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
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  'NaN',
  'null',
  'undefined',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  '%F0%9F%98%80',
  '%E0%A4%A',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'x'.repeat(300),
  '%20',
  '__proto__',
];
const pathParam = fc.oneof(
  fc.constantFrom(...WEIRD),
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc
    .string({ maxLength: 20 })
    .filter((s) => s.length > 0)
    .map(encodeURIComponent),
  fc.uuid(),
);
const FIELDS = [
  'id',
  'student_id',
  'studentId',
  'course_id',
  'courseId',
  'term',
  'grade',
  'completed',
  'position',
  'label',
  'title',
  'name',
  'description',
  'email',
  'password',
  'confirm_password',
  'first_name',
  'last_name',
  'signup_code',
  'uuid',
  'requirement_uuid',
  'course_uuid',
  'adjusted_units',
  'decision',
  'school_id',
  'plan_id',
  'units',
  'tags',
  'form_data',
  'step',
  'parent_code',
  'locale',
  'scheduled_course_ids',
  'color',
  'prerequisites',
  '__proto__',
  'constructor',
];
const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...WEIRD, '\u0000', '', ' ', '<script>alert(1)</script>'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(2 ** 53),
  fc.constant(-0),
);
const value = fc.oneof({ maxDepth: 2 }, scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 3 }));
const body = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"admin":true}}', '1e999', '"str"', 'null', '{"a":1}{"b":2}').map((raw) => ({ raw })),
);
const query = fc.dictionary(
  fc.constantFrom(
    'page_size',
    'cursor',
    'search',
    'sort',
    'order',
    'school_id',
    'student_id',
    'first',
    'after',
    'from',
    'to',
    'action',
    'term',
    'grade',
    'id',
    'student',
    'actor',
  ),
  fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...WEIRD), fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 2 })),
  { maxKeys: 4 },
);
const restInput = fc.record({ params: fc.array(pathParam, { minLength: 4, maxLength: 4 }), query, body });

/**
 * Hostile text aimed at every named input (the two sweeps below): control characters (NUL, other
 * C0, DEL, C1), lone surrogates, very long strings, stray `%`, SQL, LIKE and regex metacharacters,
 * numbers where text is expected and text where a number is expected, invisible and bidi characters.
 */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u001b[31m',
  '\u0008',
  '\t',
  '\n',
  '\r\n',
  '\u007f',
  '\u0085',
  '\uD800',
  'a\uDFFFb',
  '\uDBFF\uDBFF',
  'x'.repeat(6000),
  '\u00e9'.repeat(3000),
  '%',
  '%00',
  '%%',
  '%E0%A4%A',
  "' OR 1=1--",
  "'; DROP TABLE users;--",
  '%_\\',
  '\\',
  '*',
  '[a-',
  '(?',
  '${1}',
  '-1',
  '0',
  '1.5',
  '1e999',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'abc',
  'true',
  'null',
  '[]',
  '{}',
  '',
  ' ',
  '\u{1F600}',
  '\u202e',
  '\ufeff',
  '\u2028',
];
/** Each named input always gets a NUL (from both actors) and another control character; these are the first of the lists below. */
const ALWAYS = 2;

/** Query-string values as written in the URL: HOSTILE_TEXT percent-encoded, repeated parameters, then malformed or overlong UTF-8. */
const encodable = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return null;
  }
};
const HOSTILE_QUERY: ((name: string) => string)[] = [
  ...['a\u0000b', '\u001b[31m'].map((v) => (name: string) => `${name}=${encodeURIComponent(v)}`),
  ...HOSTILE_TEXT.flatMap((v) => {
    const e = encodable(v);
    return e === null ? [] : [(name: string) => `${name}=${e}`];
  }),
  (name) => `${name}=1&${name}=2`,
  (name) => `${name}=&${name}=x`,
  (name) => `${name}[]=1`,
  (name) => `${name}[a]=1`,
  ...['%ED%A0%80', '%C0%80', '%FF', '%E0%A4%A', '%', '%2', '%ZZ', '%00%00', 'a%0Db'].map((raw) => (name: string) => `${name}=${raw}`),
];
/** GraphQL values: HOSTILE_TEXT, then values of the wrong type (GraphQL must refuse them as bad requests). */
const HOSTILE_GQL: unknown[] = ['a\u0000b', '\u001b[31m', ...HOSTILE_TEXT, 12345, 1.5, -1, true, ['a'], { a: 1 }];

/** `ALWAYS` values, then `picks` more chosen by the seed: the same seed always chooses the same. */
function hostileFor<T>(values: T[], picks: number, seed: number): T[] {
  const [chosen] = fc.sample(fc.shuffledSubarray(values.slice(ALWAYS), { minLength: picks, maxLength: picks }), { numRuns: 1, seed });
  return [...values.slice(0, ALWAYS), ...chosen];
}

function gqlValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  const orNull = (a: fc.Arbitrary<unknown>) => (isNonNullType(type) ? a : fc.oneof(a, fc.constant(null)));
  if (isListType(inner)) return orNull(fc.array(gqlValue(inner.ofType, depth + 1), { maxLength: 3 }));
  if (isEnumType(inner)) return orNull(fc.oneof(fc.constantFrom(...inner.getValues().map((v) => v.value)), fc.constant('NOT_A_VALUE')));
  if (isInputObjectType(inner)) {
    if (depth > 2) return fc.constant({});
    const fields = Object.values(inner.getFields());
    return orNull(
      fc.record(Object.fromEntries(fields.map((f) => [f.name, gqlValue(f.type, depth + 1)])), {
        requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
      }),
    );
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
    return orNull(
      fc.oneof({ weight: 5, arbitrary: right[inner.name] ?? fc.oneof(fc.string({ maxLength: 40 }), fc.object({ maxDepth: 1 })) }, { weight: 1, arbitrary: wrong }),
    );
  }
  return fc.constant(null);
}

// ---- the calls ------------------------------------------------------------------------------

interface Failure {
  what: string;
  status: number;
  detail: string;
}
const failures: Failure[] = [];
let tokens: Record<'admin' | 'student', string>;
let schema: GraphQLSchema;
let last = '';
/** Answers by actor and status class, to show the run reached past authentication. */
const tally: Record<string, number> = {};
const count = (actor: string, status: number) => {
  const k = `${actor} ${status === 401 ? '401' : `${Math.floor(status / 100)}xx`}`;
  tally[k] = (tally[k] ?? 0) + 1;
};

beforeAll(async () => {
  const school = await h.buildSchool({
    hsFullAccessEnabled: true,
    fourYearPlanEnabled: true,
    baselinePlansEnabled: true,
    parentFormEnabled: true,
    cccApplyEnabled: true,
  });
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
    failures.push({
      what,
      status,
      detail: `${detail} changed ${b
        .filter((x, i) => x !== a[i])
        .map((x) => x.split(':')[0])
        .join(', ')}`,
    });
  }
  last = now;
}

/** `query`: parameters to encode, or a query string sent exactly as written (malformed percent-encoding included). */
async function restCall(route: string, actor: 'admin' | 'student', input: { params: string[]; query: Record<string, unknown> | string; body: unknown }): Promise<void> {
  const [method, pattern] = route.split(' ');
  let i = 0;
  const path = pattern.replace(/:[A-Za-z]+|\{\*splat\}|\*splat/g, () => input.params[i++ % input.params.length]);
  const url = typeof input.query === 'string' ? `${path}?${input.query}` : path;
  let req = (h.api as any)[method.toLowerCase()](url).set(h.auth(tokens[actor]));
  if (typeof input.query !== 'string') req = req.query(input.query);
  const raw = input.body && typeof input.body === 'object' && 'raw' in (input.body as object) ? String((input.body as { raw: string }).raw) : null;
  if (method !== 'GET') req = req.set('Content-Type', 'application/json').send(raw ?? JSON.stringify(input.body ?? null));
  const res = await req.ok(() => true);
  count(actor, res.status);
  const detail = JSON.stringify({ actor, url, query: input.query, body: input.body }).slice(0, 400);
  if (res.status >= 500) failures.push({ what: route, status: res.status, detail: `${detail} -> ${JSON.stringify(res.body).slice(0, 200)}` });
  await settle(route, res.status, detail, res.status >= 400 && res.status < 500);
}

type Operation = 'query' | 'mutation';
const rootField = (op: Operation, name: string): GraphQLField<unknown, unknown> => (op === 'query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[name];

async function gqlCall(name: string, actor: 'admin' | 'student', vars: Record<string, unknown>, op: Operation = 'mutation'): Promise<void> {
  const field = rootField(op, name);
  const decl = field.args.map((a) => `$${a.name}: ${a.type.toString()}`);
  const use = field.args.map((a) => `${a.name}: $${a.name}`);
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  const doc = `${op} Fuzz${decl.length ? `(${decl.join(', ')})` : ''} { ${name}${use.length ? `(${use.join(', ')})` : ''}${selection} }`;
  const res = await h.gql(doc, vars, tokens[actor]);
  const detail = JSON.stringify({ actor, name, vars }).slice(0, 400);
  const codes = (res.errors ?? []).map((e) => e.extensions?.code);
  count(actor, codes.includes('UNAUTHENTICATED') ? 401 : res.errors?.length ? 400 : res.status);
  if (res.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR'))
    failures.push({ what: `${op} ${name}`, status: res.status, detail: `${detail} -> ${JSON.stringify(res.errors).slice(0, 300)}` });
  await settle(`${op} ${name}`, res.status, detail, !!res.errors?.length);
}

const gqlVars = (name: string) => {
  const field = schema.getMutationType()!.getFields()[name];
  return fc.record(Object.fromEntries(field.args.map((a) => [a.name, gqlValue(a.type)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
};

/** Every query parameter of every route in the OpenAPI document, with the route as restCall takes it. */
function documentedQueryParameters(): { route: string; name: string }[] {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, op]) =>
      (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, name: p.name })),
    ),
  );
}

const NUMERIC = new Set(['Int', 'Float', 'Boolean']);
/** A plain value of a type, to fill the arguments beside the one under attack. */
function benign(type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [benign(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner))
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, benign(f.type)]),
    );
  const plain: Record<string, unknown> = { Int: 1, Float: 1, Boolean: true, ID: '1', JSONObject: {}, DateTimeISO: '2026-01-01T00:00:00.000Z' };
  return plain[inner.name] ?? 'a';
}

/** Every place in a value of this type where text goes (String, ID and other text scalars, in lists and input objects), as a maker of the value with `v` there. */
function textPlaces(type: GraphQLInputType, depth = 0): { where: string; make: (v: unknown) => unknown }[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return textPlaces(inner.ofType, depth + 1).map((p) => ({ where: `[]${p.where}`, make: (v) => [p.make(v)] }));
  if (isInputObjectType(inner)) {
    if (depth > 3) return [];
    const base = benign(inner) as Record<string, unknown>;
    return Object.values(inner.getFields()).flatMap((f) =>
      textPlaces(f.type, depth + 1).map((p) => ({ where: `.${f.name}${p.where}`, make: (v) => ({ ...base, [f.name]: p.make(v) }) })),
    );
  }
  if (isScalarType(inner) && !NUMERIC.has(inner.name)) return [{ where: '', make: inner.name === 'JSONObject' ? (v) => ({ fuzz: v, nested: { fuzz: v } }) : (v) => v }];
  return [];
}

/** Every text argument of every query and mutation: the variables to send with `v` in that one place. */
function textArguments(): { op: Operation; name: string; where: string; vars: (v: unknown) => Record<string, unknown> }[] {
  return (['query', 'mutation'] as const).flatMap((op) =>
    Object.values((op === 'query' ? schema.getQueryType() : schema.getMutationType())!.getFields())
      .filter((f) => !(op === 'mutation' && SKIP_GQL.has(f.name)))
      .flatMap((f) => {
        const base = Object.fromEntries(f.args.filter((a) => isNonNullType(a.type)).map((a) => [a.name, benign(a.type)]));
        return f.args.flatMap((a) =>
          textPlaces(a.type).map((p) => ({ op, name: f.name, where: `${a.name}${p.where}`, vars: (v: unknown) => ({ ...base, [a.name]: p.make(v) }) })),
        );
      }),
  );
}

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

  it('regressions it found: a control character in a caseload filter is a 400 naming it, on both REST routes, not a server error', async () => {
    const NUL = { error: 'Text may not contain the NUL character.', reason: 'NUL_CHARACTER' };
    const control = (field: string) => ({ error: `${field} may not contain control characters.`, reason: 'CONTROL_CHARACTER', params: { field } });
    for (const path of ['/api/caseload/', '/api/caseload/export/']) {
      for (const [query, refusal] of [
        ['grade=%00', NUL],
        ['grade=11%00', NUL],
        ['grade=%00%00', NUL],
        ['pathway=%00', NUL],
        ['gr%00ade=11', NUL],
        ['grade=%01', control('grade')],
        ['grade=a%1Bb', control('grade')],
        ['grade=%7F', control('grade')],
        ['grade=%C2%85', control('grade')],
        // Single-line filters: a tab or a line break is no more legitimate than a NUL.
        ['grade=11%09', control('grade')],
        ['grade=1%0A1', control('grade')],
        ['grade=11%0D', control('grade')],
        ['grade=11&grade=%01', control('grade')],
        ['sort=last_name&order=%1B', control('order')],
        ['x%01y=1', control('x\\u0001y')],
      ] as const) {
        const res = await h.api.get(`${path}?${query}`).set(h.auth(tokens.admin));
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body, `${path}?${query}`).toEqual(refusal);
      }
      // Ordinary values still pass: a grade, accents and emoji, percent signs and SQL-looking text.
      for (const query of ['grade=11', 'grade=%C3%A9%F0%9F%98%80', 'grade=%25_%27%20OR%201%3D1--', 'grade=']) {
        expect((await h.api.get(`${path}?${query}`).set(h.auth(tokens.admin))).status, query).toBe(200);
      }
    }
  });

  it('regressions it found: a control character in the GraphQL caseload filter is refused as bad input, as a variable or written in the query', async () => {
    const ask = (filter: unknown) => h.gql('query ($f: CaseloadFilter) { caseload(filter: $f) { totalCount } }', { f: filter }, tokens.admin);
    for (const grade of ['\u0000', '11\u0000', 'a\u0000b']) {
      const res = await ask({ grade });
      expect(res.code, JSON.stringify(grade)).toBe('BAD_USER_INPUT');
      expect(res.errors![0]).toMatchObject({ message: 'Text may not contain the NUL character.', extensions: { reason: 'NUL_CHARACTER' } });
    }
    for (const filter of [{ grade: '\u0001' }, { grade: '11\t' }, { grade: '1\n1' }, { grade: '\u009b' }]) {
      const res = await ask(filter);
      const field = `filter.${Object.keys(filter)[0]}`;
      expect(res.code, JSON.stringify(filter)).toBe('BAD_USER_INPUT');
      expect(res.errors![0]).toMatchObject({ message: `${field} may not contain control characters.`, extensions: { reason: 'CONTROL_CHARACTER', params: { field } } });
    }
    // The review filter is an enum: GraphQL refuses a value outside it before any rule of ours.
    const review = await ask({ review: 'draft\u001b' });
    expect(review.code).toBe('BAD_USER_INPUT');
    expect(review.data).toBeUndefined();
    const literal = await h.gql('{ caseload(filter: { grade: "\\u0007" }) { totalCount } }', {}, tokens.admin);
    expect(literal.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'CONTROL_CHARACTER' });
    const fine = await ask({ grade: "11' OR 1=1--%_" });
    expect(fine.errors).toBeUndefined();
    expect(fine.data!.caseload.totalCount).toBe(0);
  });

  it('regressions it found: a lone surrogate in a label or an education goal is a 400, not a server error; a mutation keeps tabs and line breaks', async () => {
    const broken = 'Text may not contain broken characters (half of a character pair).';
    for (const labels of [['\uD800'], ['Fall', 'a\uDFFFb'], ['\uDBFF\uDBFF']]) {
      const g = await h.gql('mutation ($l: [String!]!) { updateUserLabels(labels: $l) }', { l: labels }, tokens.student);
      expect(g.errors![0], JSON.stringify(labels)).toMatchObject({ message: broken, extensions: { code: 'BAD_USER_INPUT', reason: 'TEXT_NOT_UNICODE' } });
      // The same text in a REST body: the shared text schema refuses it.
      const r = await h.api.put('/api/update-user-labels/').set(h.auth(tokens.student)).send({ academic_year_labels: labels });
      expect(r.status, JSON.stringify(labels)).toBe(400);
      expect(r.body).toEqual({ error: broken, reason: 'TEXT_NOT_UNICODE' });
    }
    const goals = await h.gql('mutation ($g: [String!]!) { updateEdGoals(edGoals: $g) }', { g: ['a\uDFFFb'] }, tokens.student);
    expect(goals.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'TEXT_NOT_UNICODE' });
    const restGoals = await h.api
      .post('/api/update-ed-goals/')
      .set(h.auth(tokens.student))
      .send({ ed_goals: ['ok', '\uD83D'] });
    expect(restGoals.status).toBe(400);
    expect(restGoals.body).toEqual({ error: broken, reason: 'TEXT_NOT_UNICODE' });
    // Writes may carry free text: tab and line feed pass the rule (the label's own rules then apply); a bell does not.
    const bell = await h.gql('mutation ($l: [String!]!) { updateUserLabels(labels: $l) }', { l: ['Fall\u0007'] }, tokens.student);
    expect(bell.errors![0]).toMatchObject({ message: 'labels may not contain control characters.', extensions: { reason: 'CONTROL_CHARACTER' } });
    const goal = 'Transfer to a UC\n\tthen medicine';
    const kept = await h.gql('mutation ($g: [String!]!) { updateEdGoals(edGoals: $g) }', { g: [goal] }, tokens.student);
    expect(kept.errors).toBeUndefined();
    expect(kept.data!.updateEdGoals).toEqual([goal]);
  });

  it('every REST route that takes a body refuses a broken character in any of its strings or names with a 400, before anything else, and stores nothing', async () => {
    const before = await checksum();
    const broken = { error: 'Text may not contain broken characters (half of a character pair).', reason: 'TEXT_NOT_UNICODE' };
    // Not declared through the shared route(): the Stripe webhook (a raw, signed body) and the
    // built-in test checkout's pages (a browser's form posts of no text).
    const own = (r: string) => r === 'POST /api/stripe/webhook/' || r.includes(' /test-checkout/');
    const writes = restRoutes(h.built.app).filter((r) => !/^GET /.test(r) && !SKIP_REST.has(r) && !own(r));
    expect(writes.length).toBeGreaterThan(50);
    const answered: string[] = [];
    for (const r of writes) {
      const [method, pattern] = r.split(' ');
      const path = pattern!.replace(/:[A-Za-z_]+/g, '1');
      for (const body of [{ name: 'a\uD800b' }, { list: ['ok', { deep: '\uDFFF' }] }, { ['k\uDBFF']: 'v' }]) {
        const res = await h.api[method!.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](path).set(h.auth(tokens.admin)).send(body);
        if (res.status !== 400 || res.body.reason !== broken.reason || res.body.error !== broken.error)
          answered.push(`${r} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(answered).toEqual([]);
    expect(await checksum()).toEqual(before);
  });

  it('regressions it found: a refused consent-template configuration stores nothing, not even the default template', async () => {
    await h.db.query(`DELETE FROM consent_templates WHERE is_default`);
    const before = await h.db.query(`SELECT count(*)::int AS n FROM consent_templates`);
    for (const fieldConfig of [{ fuzz: 1 }, { fuzz: 'x', nested: { fuzz: 'y' } }]) {
      const res = await h.gql('mutation ($c: JSONObject!) { updateConsentTemplate(fieldConfig: $c) { custom } }', { c: fieldConfig }, tokens.admin);
      expect(res.code).toBe('BAD_USER_INPUT');
      expect(res.errors![0].message).toMatch(/^The field configuration is not valid/);
    }
    expect(await h.db.query(`SELECT count(*)::int AS n FROM consent_templates`)).toEqual(before);
    // The next accepted read stores the default as before.
    expect((await h.gql('{ consentTemplate { custom } }', {}, tokens.admin)).data).toEqual({ consentTemplate: { custom: false } });
    expect(await h.db.query(`SELECT count(*)::int AS n FROM consent_templates WHERE is_default`)).toEqual([{ n: 1 }]);
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

  it('every documented query parameter of every REST route takes hostile values without a 5xx, and no refusal changes the database', async () => {
    failures.length = 0;
    const started = Date.now();
    const params = documentedQueryParameters();
    // The caseload's filters are among them: the list comes from the document, not from this file.
    expect(params).toContainEqual({ route: 'GET /api/caseload/', name: 'grade' });
    expect(params.length).toBeGreaterThan(50);
    let calls = 0;
    for (const [i, { route, name }] of params.entries()) {
      for (const [j, query] of hostileFor(HOSTILE_QUERY, 3, SEED + i).entries()) {
        // The NUL goes to both actors; the other values alternate.
        for (const actor of j === 0 ? (['admin', 'student'] as const) : [(i + j) % 2 ? ('student' as const) : ('admin' as const)]) {
          const path = route.split(' ')[1]!;
          await restCall(route, actor, { params: [/:\w*uuid/i.test(path) ? '00000000-0000-4000-8000-000000000001' : '1'], query: query(name), body: {} });
          calls++;
        }
      }
    }
    console.log(`[fuzz] ${params.length} query parameters, ${calls} calls in ${Math.round((Date.now() - started) / 1000)} s, FUZZ_SEED=${SEED}`);
    expect(failures.slice(0, 20), `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 180_000);

  it('every text argument of every GraphQL query and mutation takes hostile values without an internal error, and no refusal changes the database', async () => {
    failures.length = 0;
    const started = Date.now();
    const places = textArguments();
    expect(places.map((p) => `${p.op} ${p.name}(${p.where})`)).toEqual(expect.arrayContaining(['query caseload(filter.grade)', 'query students(search)']));
    expect(places.filter((p) => p.op === 'mutation').length).toBeGreaterThan(50);
    let calls = 0;
    for (const [i, place] of places.entries()) {
      for (const [j, value] of hostileFor(HOSTILE_GQL, 2, SEED + 7 * i).entries()) {
        for (const actor of j === 0 ? (['admin', 'student'] as const) : [(i + j) % 2 ? ('student' as const) : ('admin' as const)]) {
          await gqlCall(place.name, actor, place.vars(value), place.op);
          calls++;
        }
      }
    }
    console.log(`[fuzz] ${places.length} text arguments, ${calls} calls in ${Math.round((Date.now() - started) / 1000)} s, FUZZ_SEED=${SEED}`);
    expect(failures.slice(0, 20), `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 180_000);

  it('no REST route or GraphQL mutation answers 5xx to random input, and no refusal changes the database', async () => {
    failures.length = 0;
    const started = Date.now();
    const routes = restRoutes(h.built.app).filter((r) => !SKIP_REST.has(r));
    const mutations = Object.keys(schema.getMutationType()!.getFields())
      .filter((m) => !SKIP_GQL.has(m))
      .sort();
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
