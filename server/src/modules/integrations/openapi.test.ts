import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { PATH_PARAMS } from './openapi.js';
import { servedRoutes, toOpenApiPath } from './routes.js';

const h = useHarness();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Benchmark instrumentation: mounted only with BENCH=1 or in tests, never in production, so not part of the published API. */
const isApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/bench/');

describe('OpenAPI document of /api/*', () => {
  it('is served at /api/openapi.json without a token, as OpenAPI 3.1', async () => {
    const res = await h.api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/api/login/'].post.security).toEqual([]);
    expect(res.body.paths['/api/students-in-school/'].get.summary).toMatch(/students of the caller's school/);
    expect(res.body.components.securitySchemes.TokenAuth.name).toBe('Authorization');
    const list = res.body.paths['/api/students-in-school/'].get;
    expect(list.parameters.find((p: { name: string }) => p.name === 'plan').schema.enum).toEqual(['none', 'warnings']);
    expect(res.body.paths['/api/reset-password/{uidb64}/{token}/'].post.parameters.map((p: { name: string }) => p.name)).toEqual(['uidb64', 'token']);
    expect(res.body.paths['/api/roster-import/'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
  });

  it('says which path ids accept a course uuid, and every such note names a documented route parameter', async () => {
    const doc = (await h.api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, { parameters?: { name: string; description: string }[] }>> };
    const param = (method: string, path: string, name: string) => doc.paths[path]?.[method]?.parameters?.find((x) => x.name === name)?.description;
    expect(param('get', '/api/check-course-scheduled/{id}/', 'id')).toBe('The course: its numeric id or its uuid.');
    expect(param('get', '/api/courses/{courseUuid}/requirement/', 'courseUuid')).toBe('The course: its numeric id or its uuid.');
    expect(param('put', '/api/courses/{id}/', 'id')).toBe('The scheduled course (plan entry): its numeric id.');
    expect(param('delete', '/api/students/{id}/', 'id')).toBe('Numeric identifier (1 to 2147483647).');
    const stale = Object.keys(PATH_PARAMS).filter((k) => {
      const [method, path, name] = k.split(' ');
      return param(method, toOpenApiPath(path), name) === undefined;
    });
    expect(stale).toEqual([]);
  });

  it('lists exactly the routes the built app serves under /api (compared both ways)', async () => {
    const doc = (await h.api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const served = new Set(
      servedRoutes(h.built.app).filter((r) => isApi(r.path)).map((r) => `${r.method.toUpperCase()} ${toOpenApiPath(r.path)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    expect(served.size).toBeGreaterThan(100);
    expect([...served].filter((r) => !documented.has(r)), 'served but not documented').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'documented but not served').toEqual([]);
  });

  it('names each operation as the route does (the read-only guard and GraphQL use the same names)', async () => {
    const doc = (await h.api.get('/api/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const mismatched = servedRoutes(h.built.app)
      .filter((r) => isApi(r.path) && r.operation)
      .filter((r) => doc.paths[toOpenApiPath(r.path)]?.[r.method]?.operationId !== r.operation)
      .map((r) => `${r.method} ${r.path}: ${r.operation}`);
    expect(mismatched).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
