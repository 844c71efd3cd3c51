import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO, DEMO_PASSWORD, useHarness } from '../../test/harness.js';
import { scheduleSchema } from '../plans/plan-input.js';
import { documentedRoutes, type DocumentedRoute } from './openapi.js';
import { servedRoutes, toOpenApiPath } from './routes.js';

const h = useHarness();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Benchmark instrumentation: mounted only with BENCH=1 or in tests, never in production, so not part of the published API. */
const isApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/bench/');

type Operation = {
  security?: unknown[];
  summary?: string;
  operationId: string;
  parameters?: { name: string; in: string; description?: string; schema: { description?: string; format?: string } }[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, any>> };

async function document(): Promise<Doc> {
  const res = await h.api.get('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.body as Doc;
}
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method, op })),
  );

/** The keys of an answer that its schema does not name (zod's objects would silently drop them). */
function undocumentedKeys(schema: z.ZodType, value: unknown, at = '$'): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return value === null || value === undefined ? [] : undocumentedKeys(def.innerType, value, at);
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => undocumentedKeys(def.element, v, `${at}[${i}]`)) : [];
    case 'record':
      return value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => undocumentedKeys(def.valueType, v, `${at}.${k}`)) : [];
    case 'union': {
      const match = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      return match ? undocumentedKeys(match, value, at) : [];
    }
    case 'object': {
      if (!value || typeof value !== 'object') return [];
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(value).flatMap(([k, v]) => (k in shape ? undocumentedKeys(shape[k], v, `${at}.${k}`) : [`${at}.${k}`]));
    }
    default:
      return [];
  }
}

const matches = (r: DocumentedRoute, method: string, url: string) => {
  const pattern = new RegExp(`^${r.openApiPath.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return r.method === method && pattern.test(url.split('?')[0]);
};

/** Calls a route as `token` and checks the answer against the route's documented success: its status, its schema, no undocumented field. */
async function expectDocumentedAnswer(method: 'get' | 'post', url: string, token: string | null, body?: object) {
  let req = h.api[method](url);
  if (token) req = req.set(h.auth(token));
  return expectDocumented(method, url, body ? await req.send(body) : await req);
}

/** An upload (multipart field "file") as `token`, its answer checked as expectDocumentedAnswer does. */
async function expectDocumentedUpload(url: string, token: string, content: string, filename: string) {
  return expectDocumented('post', url, await h.api.post(url).set(h.auth(token)).attach('file', Buffer.from(content), { filename, contentType: 'text/csv' }));
}

function expectDocumented(method: 'get' | 'post', url: string, res: { status: number; body: any }) {
  const route = documentedRoutes().filter((r) => matches(r, method, url));
  expect(
    route.map((r) => r.operationId),
    `${method} ${url} is documented once`,
  ).toHaveLength(1);
  const { success } = route[0];
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(success.status);
  if (!('json' in success)) throw new Error(`${method} ${url} is not documented as JSON`);
  const parsed = success.json.safeParse(res.body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), `${method} ${url} fits its schema`).toEqual([]);
  expect(undocumentedKeys(success.json, res.body), `${method} ${url}: fields the document does not name`).toEqual([]);
  return res.body;
}

describe('OpenAPI document of /api/*', () => {
  it('is served at /api/openapi.json without a token, as OpenAPI 3.1', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/login/'].post.security).toEqual([]);
    expect(doc.paths['/api/students-in-school/'].get.summary).toMatch(/students of the caller's school/);
    expect(doc.components.securitySchemes.TokenAuth.name).toBe('Authorization');
    const plan = doc.paths['/api/students-in-school/'].get.parameters!.find((p) => p.name === 'plan')!;
    expect((plan.schema as { enum?: string[] }).enum).toEqual(['none', 'warnings']);
    expect(doc.paths['/api/reset-password/{uidb64}/{token}/'].post.parameters!.map((p) => p.name)).toEqual(['uidb64', 'token']);
    expect(doc.paths['/api/roster-import/'].post.requestBody!.content['multipart/form-data'].schema!.required).toEqual(['file']);
  });

  it('lists exactly the routes the built app serves under /api (compared both ways)', async () => {
    const doc = await document();
    const served = new Set(
      servedRoutes(h.built.app)
        .filter((r) => isApi(r.path))
        .map((r) => `${r.method.toUpperCase()} ${toOpenApiPath(r.path)}`),
    );
    const documented = operations(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(served.size).toBeGreaterThan(100);
    expect(
      [...served].filter((r) => !documented.includes(r)),
      'served but not documented',
    ).toEqual([]);
    expect(
      documented.filter((r) => !served.has(r)),
      'documented but not served',
    ).toEqual([]);
    expect(documented.length, 'each route once').toBe(new Set(documented).size);
  });

  it('has no two paths that differ only in the names of their parameters (OpenAPI forbids it)', async () => {
    const shapes = Object.keys((await document()).paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
    const param = (await document()).paths['/api/courses/{courseId}/requirement/'].get.parameters!.find((p) => p.name === 'courseId')!;
    expect(param.schema.description).toBe('The course: its numeric id or its uuid.');
  });

  it('gives every operation one success status, and a schema to every answer and request body it describes', async () => {
    const problems: string[] = [];
    for (const { path, method, op } of operations(await document())) {
      const at = `${method.toUpperCase()} ${path}`;
      const ok = Object.keys(op.responses).filter((s) => s.startsWith('2') || s.startsWith('3'));
      if (ok.length !== 1) problems.push(`${at}: success statuses ${ok.join(', ')}`);
      const [status] = ok;
      const content = op.responses[status]?.content;
      if (status === '204' || status === '302' ? content : !content || Object.values(content).some((c) => !c.schema)) problems.push(`${at}: ${status} answer`);
      if (!op.responses['400'] || !op.responses['403']) problems.push(`${at}: common errors`);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (!media.schema || Object.keys(media.schema).length === 0) problems.push(`${at}: ${type} body without a schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes a request body with the very schema the adapter parses it with', () => {
    const schedule = documentedRoutes().find((r) => r.operationId === 'scheduleCourse')!;
    expect(schedule.body?.json).toBe(scheduleSchema);
  });

  it('names each operation as the route does (the read-only guard and GraphQL use the same names)', async () => {
    const doc = await document();
    const mismatched = servedRoutes(h.built.app)
      .filter((r) => isApi(r.path) && r.operation)
      .filter((r) => doc.paths[toOpenApiPath(r.path)]?.[r.method]?.operationId !== r.operation)
      .map((r) => `${r.method} ${r.path}: ${r.operation}`);
    expect(mismatched).toEqual([]);
    const ids = operations(doc).map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers as documented: real answers of key routes fit their schemas, with no field left undocumented', async () => {
    expect(await expectDocumentedAnswer('get', '/api/health/', null)).toEqual({ status: 'ok' });
    await expectDocumentedAnswer('get', '/api/blogs/', null);
    const admin = (await expectDocumentedAnswer('post', '/api/login/', null, { email: DEMO.admin, password: DEMO_PASSWORD })).token;
    const me = await expectDocumentedAnswer('get', '/api/current-user/', admin);
    expect(me.email).toBe(DEMO.admin);
    const courses = await expectDocumentedAnswer('get', '/api/courses/?page_size=3', admin);
    expect(courses.length).toBeGreaterThan(0);
    await expectDocumentedAnswer('get', `/api/get-course/${courses[0].uuid}/`, admin);
    const pathways = await expectDocumentedAnswer('get', '/api/pathways/', admin);
    expect(pathways.length).toBeGreaterThan(0);
    await expectDocumentedAnswer('get', `/api/pathways/${pathways[0].uuid}/`, admin);
    await expectDocumentedAnswer('get', `/api/courses/${courses[0].id}/requirement/`, admin);
    const students = await expectDocumentedAnswer('get', '/api/students-in-school/?page_size=5', admin);
    expect(students.length).toBeGreaterThan(0);
    await expectDocumentedAnswer('get', '/api/baseline-plans/', admin);
    await expectDocumentedAnswer('get', '/api/access-log/?first=5', admin);
    await expectDocumentedAnswer('get', '/api/system-status/', admin);

    const staff = await h.tokenFor(await h.buildStaff());
    const created = await expectDocumentedAnswer('post', '/api/api-tokens/', staff, { name: 'Nightly SIS sync' });
    expect(created.token).toBeTruthy();
    expect(await expectDocumentedAnswer('get', '/api/api-tokens/', staff)).toHaveLength(1);

    const student = await h.login(DEMO.student);
    const plan = await expectDocumentedAnswer('get', '/api/plan/', student);
    expect(plan.terms.length).toBeGreaterThan(0);
    await expectDocumentedAnswer('get', '/api/user-scheduled-courses/', student);
    await expectDocumentedAnswer('get', '/api/requirement-progress/', student);
  });
  it('answers imports as documented: rows refused or saved with a change, each with its reason and params', async () => {
    const staff = await h.tokenFor(await h.buildStaff({ school: await h.buildSchool() }));
    const roster = await expectDocumentedUpload(
      '/api/roster-import/',
      staff,
      'sourcedId,givenName,familyName,email,grade\nD-1,Doc,One,doc.one@example.org,9\nD-2,Doc,Two,doc.one@example.org,9\n',
      'roster.csv',
    );
    expect(roster.errors).toEqual([
      { line: 3, sourced_id: 'D-2', email: 'doc.one@example.org', reason: 'ROW_SAME_EMAIL', params: { line: '2' }, message: 'The same email is on line 2.' },
    ]);
    expect((await expectDocumentedAnswer('get', `/api/roster-imports/${roster.id}/`, staff)).errors).toEqual(roster.errors);
    const courses = await expectDocumentedUpload(
      '/api/upload-courses-csv/',
      staff,
      'Course ID,Title,Description,Units,Prerequisites,Tags\nDOC 1,One,,1,"[[""DOC 0"", ""DOC 3""]]",[]\nDOC 2,Two,,x,[],[]\nDOC 3,Three,,1,[],[]\n',
      'courses.csv',
    );
    expect(courses.errors).toEqual([
      { line: 3, course_id: 'DOC 2', reason: 'CATALOGUE_ROW_UNITS_NOT_NUMBER', params: { value: 'x' }, message: 'Units "x" is not a number.' },
    ]);
    expect(courses.warnings).toEqual([
      {
        line: 2,
        course_id: 'DOC 1',
        reason: 'CATALOGUE_ROW_PREREQUISITE_DROPPED',
        params: { course: 'DOC 0' },
        message: 'Unknown prerequisite DOC 0 dropped from its group; the other courses of the group were kept.',
      },
    ]);
  });

  it('answers as documented for the other roles: parents, admissions staff, and more of staff and students', async () => {
    const admin = await h.login(DEMO.admin);
    for (const url of [
      '/api/tags/',
      '/api/partner-courses/?page_size=3',
      '/api/requirement-filter-options/',
      '/api/outbox/?limit=5',
      '/api/accessible-schools/',
      '/api/user/',
      '/api/consent-template/',
      '/api/partner-schools/',
    ]) {
      await expectDocumentedAnswer('get', url, admin);
    }
    const parent = await h.login(DEMO.parent);
    expect((await expectDocumentedAnswer('get', '/api/parent-students/', parent)).length).toBeGreaterThan(0);
    const family = await h.login(DEMO.acceptedParent);
    for (const url of ['/api/application/', '/api/payments-due/', '/api/payment-history/', '/api/enrollment-contract/', '/api/payment-config/']) {
      await expectDocumentedAnswer('get', url, family);
    }
    const admissions = await h.login(DEMO.admissions);
    await expectDocumentedAnswer('get', '/api/applications/', admissions);
    await expectDocumentedAnswer('get', '/api/admissions/payments/', admissions);
    const student = await h.login(DEMO.student);
    const courses = await expectDocumentedAnswer('get', '/api/courses/?page_size=1', student);
    await expectDocumentedAnswer('get', `/api/check-course-scheduled/${courses[0].id}/`, student);
  });
});
