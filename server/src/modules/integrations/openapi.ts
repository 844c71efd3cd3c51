/**
 * The OpenAPI 3.1 document of every /api/* route, served at GET /api/openapi.json for district
 * integration scripts. Each area describes its own routes in `<area>.openapi.ts` (core/openapi.ts
 * says how); this file gathers them. Request bodies are the zod schemas the adapters parse with,
 * so validation and documentation cannot drift; openapi.test.ts checks the document against the
 * routes Express really mounts and real answers against the documented answer schemas.
 *
 * Not documented: /api/bench/* (benchmark instrumentation, served only with BENCH=1 or in tests,
 * never in production).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { areaRoutes, ErrorBody, PATH_PARAMS, type ApiRoute, type AreaRoutes } from '../../core/openapi.js';
import { ADMISSION_ROUTES } from '../admissions/admissions.openapi.js';
import { BASELINE_PLAN_ROUTES } from '../baseline-plans/baseline-plans.openapi.js';
import { CONSENT_FORM_ROUTES } from '../consent-forms/consent-forms.openapi.js';
import { CONTRACT_ROUTES } from '../contracts/contracts.openapi.js';
import { COURSE_ROUTES } from '../courses/courses.openapi.js';
import { ONBOARDING_ROUTES } from '../onboarding/onboarding.openapi.js';
import { PARENT_ROUTES } from '../parents/parents.openapi.js';
import { PATHWAY_ROUTES } from '../pathways/pathways.openapi.js';
import { PAYMENT_ROUTES } from '../payments/payments.openapi.js';
import { STATEMENT_ROUTES } from '../statements/statements.openapi.js';
import { PLAN_ROUTES } from '../plans/plans.openapi.js';
import { AUTO_PLAN_ROUTES } from '../auto-plan/auto-plan.openapi.js';
import { WHAT_IF_PLAN_ROUTES } from '../what-if-plans/what-if-plans.openapi.js';
import { ROSTER_ROUTES } from '../roster/roster.openapi.js';
import { TRANSCRIPT_ROUTES } from '../transcripts/transcripts.openapi.js';
import { COURSE_REQUEST_ROUTES } from '../course-requests/course-requests.openapi.js';
import { SCHOOL_ROUTES } from '../schools/schools.openapi.js';
import { STUDENT_ROUTES } from '../students/students.openapi.js';
import { CASELOAD_ROUTES } from '../caseload/caseload.openapi.js';
import { NOTE_ROUTES } from '../notes/notes.openapi.js';
import { PLAN_REVIEW_ROUTES } from '../plan-review/plan-review.openapi.js';
import { BLOG_ROUTES, SYSTEM_ROUTES } from '../system/system.openapi.js';
import { IDENTITY_ROUTES } from '../identity/identity.openapi.js';
import { appVersion } from '../system/system.service.js';
import { ACCOUNT_ROUTES, API_TOKEN_ROUTES } from './accounts.openapi.js';
import { toOpenApiPath } from './routes.js';

const INTEGRATION_ROUTES = areaRoutes('System', [
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'openApiDocument',
    summary: 'This document.',
    public: true,
    success: { status: 200, json: z.record(z.string(), z.unknown()).meta({ description: 'OpenAPI 3.1.' }), description: 'The document.' },
  },
]);

/** Every area's routes: a new area's list is added here once. */
export const API_AREAS: AreaRoutes[] = [
  ACCOUNT_ROUTES,
  IDENTITY_ROUTES,
  API_TOKEN_ROUTES,
  SCHOOL_ROUTES,
  PARENT_ROUTES,
  STUDENT_ROUTES,
  ROSTER_ROUTES,
  TRANSCRIPT_ROUTES,
  COURSE_REQUEST_ROUTES,
  PLAN_ROUTES,
  BLOG_ROUTES,
  CONSENT_FORM_ROUTES,
  PATHWAY_ROUTES,
  SYSTEM_ROUTES,
  INTEGRATION_ROUTES,
  COURSE_ROUTES,
  ADMISSION_ROUTES,
  CONTRACT_ROUTES,
  PAYMENT_ROUTES,
  STATEMENT_ROUTES,
  ONBOARDING_ROUTES,
  BASELINE_PLAN_ROUTES,
  CASELOAD_ROUTES,
  NOTE_ROUTES,
  WHAT_IF_PLAN_ROUTES,
  AUTO_PLAN_ROUTES,
  PLAN_REVIEW_ROUTES,
];

export interface DocumentedRoute extends ApiRoute {
  tag: string;
  /** The OpenAPI path, with /api: `/api/students/{id}/`. */
  openApiPath: string;
}

export function documentedRoutes(): DocumentedRoute[] {
  return API_AREAS.flatMap(({ tag, routes }) => routes.map((r) => ({ ...r, tag, openApiPath: toOpenApiPath(`/api${r.path}`) })));
}

const errorResponse = (description: string): ResponseConfig => ({ description, content: { 'application/json': { schema: ErrorBody } } });
const ERRORS: Record<number, string> = {
  400: 'Bad input, a malformed id in the path included: the message says what to fix.',
  401: 'No valid token.',
  403: 'Not allowed for this caller (or a read-only view-as token tried to write).',
  404: 'No such object.',
  409: 'Conflicts with the current state.',
  413: 'The upload is too large.',
  429: 'Too many attempts; see the Retry-After header.',
  503: 'The database cannot be reached; try again (see Retry-After).',
};

function pathParams(r: DocumentedRoute) {
  const names = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((n) => {
        const schema = r.params?.[n] ?? PATH_PARAMS[n]?.();
        if (!schema) throw new Error(`OpenAPI: ${r.method.toUpperCase()} ${r.path} does not describe its path parameter "${n}".`);
        return [n, schema];
      }),
    ),
  );
}

function responses(r: DocumentedRoute): Record<string, ResponseConfig> {
  const s = r.success;
  const ok: ResponseConfig =
    'json' in s
      ? { description: s.description, content: { 'application/json': { schema: s.json } } }
      : 'file' in s
        ? { description: s.description, content: { [s.file]: { schema: z.string().meta({ format: 'binary' }) } } }
        : 'location' in s
          ? { description: s.description, headers: { Location: { description: s.location, schema: { type: 'string' } } } }
          : { description: s.description ?? 'Done; nothing to answer.' };
  const codes = [400, ...(r.public ? [] : [401]), 403, 404, ...(r.errors ?? [])];
  return { [String(s.status)]: ok, ...Object.fromEntries(codes.map((c) => [String(c), errorResponse(ERRORS[c])])) };
}

function requestBody(r: DocumentedRoute) {
  if (!r.body) return undefined;
  const content: Record<string, { schema: z.ZodType }> = {};
  if (r.body.json) content['application/json'] = { schema: r.body.json };
  if (r.body.urlencoded) content['application/x-www-form-urlencoded'] = { schema: r.body.urlencoded };
  if (r.body.multipart) content['multipart/form-data'] = { schema: r.body.multipart };
  return { description: r.body.description, content };
}

let cached: ReturnType<OpenApiGeneratorV31['generateDocument']> | undefined;

/** The document as served at /api/openapi.json. */
export function openApiDocument() {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'TokenAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'The header value `Token <token>`.',
  });
  registry.registerComponent('securitySchemes', 'BearerAuth', { type: 'http', scheme: 'bearer' });
  const routes = documentedRoutes();
  for (const r of routes) {
    registry.registerPath({
      method: r.method,
      path: r.openApiPath,
      operationId: r.operationId,
      tags: [r.tag],
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      ...(r.public ? { security: [] } : {}),
      request: { params: pathParams(r), query: r.query, body: requestBody(r) },
      responses: responses(r),
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pathway Planner REST API',
      version: appVersion(),
      description:
        'The legacy /api/* routes for district integration scripts. The same rules apply as in the app and in GraphQL (/graphql). ' +
        'Authenticate with `Authorization: Token <token>` (or `Bearer <token>`): a session token from POST /api/login/, or a personal API ' +
        'token that staff create on their profile page. Errors answer `{ "error": message }` with a 4xx status.',
    },
    servers: [{ url: '/' }],
    security: [{ TokenAuth: [] }, { BearerAuth: [] }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name, description: `${name} routes.` })),
  });
  return cached;
}
