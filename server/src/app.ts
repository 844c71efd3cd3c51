/** Builds the express app: /api (legacy REST), /graphql, and the built SPA with history fallback. */
import { REASONS } from '@planner/shared';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { mountBenchInstrumentation } from './core/bench.js';
import { mountTestClock } from './modules/jobs/test-clock.rest.js';
import { buildGraphqlContext, type AppDeps } from './adapters.js';
import { compressAnswers, mountClient } from './core/client-assets.js';
import { apiErrorHandler, graphqlBodyErrorHandler } from './core/http.js';
import { createApolloServer } from './graphql/server.js';
import { mountAccessLogRoutes } from './modules/access-log/access-log.rest.js';
import { mountAccountRoutes } from './modules/accounts/accounts.rest.js';
import { mountIdentityRoutes } from './modules/identity/identity.rest.js';
import { mountAdmissionRoutes, transcriptFilesRouter } from './modules/admissions/admissions.rest.js';
import { mountBaselinePlanRoutes } from './modules/baseline-plans/baseline-plans.rest.js';
import { mountOnboardingRoutes } from './modules/onboarding/onboarding.rest.js';
import { mountBlogRoutes } from './modules/blogs/blogs.rest.js';
import { mountContractFiles, mountContractRoutes } from './modules/contracts/contracts.rest.js';
import { mountPaymentPages, mountPaymentRoutes } from './modules/payments/payments.rest.js';
import { mountStatementRoutes } from './modules/statements/statements.rest.js';
import { mountConsentFileRoutes } from './modules/consent-forms/consent-files.rest.js';
import { mountConsentFormRoutes } from './modules/consent-forms/consent-forms.rest.js';
import { mountCourseRoutes } from './modules/courses/courses.rest.js';
import { mountParentRoutes } from './modules/parents/parents.rest.js';
import { mountPlanRoutes } from './modules/plans/plans.rest.js';
import { mountWhatIfPlanRoutes } from './modules/what-if-plans/what-if-plans.rest.js';
import { mountPlanReviewRoutes } from './modules/plan-review/plan-review.rest.js';
import { mountPathwayRoutes } from './modules/pathways/pathways.rest.js';
import { mountSchoolRoutes } from './modules/schools/schools.rest.js';
import { mountStudentRoutes } from './modules/students/students.rest.js';
import { mountCaseloadRoutes } from './modules/caseload/caseload.rest.js';
import { mountNoteRoutes } from './modules/notes/notes.rest.js';
import { mountSystemRoutes } from './modules/system/system.rest.js';
import { mountIntegrationRoutes } from './modules/integrations/integrations.rest.js';
import { mountApiTokenRoutes } from './modules/api-tokens/api-tokens.rest.js';
import { mountRosterRoutes } from './modules/roster/roster.rest.js';
import { mountTranscriptRoutes } from './modules/transcripts/transcripts.rest.js';
import { mountCourseRequestRoutes } from './modules/course-requests/course-requests.rest.js';
import { mountAutoPlanRoutes } from './modules/auto-plan/auto-plan.rest.js';
import { logger as processLogger, type Logger } from './observability/logger.js';
import { createMetrics, metricsEndpoint, type AppMetrics } from './observability/metrics.js';
import { routeName } from './observability/request-facts.js';
import { operationNameForLog, requestLogger } from './observability/request-log.js';
import { createServices } from './services.js';

export interface BuiltApp {
  app: express.Express;
  deps: AppDeps;
  /** Null when METRICS_TOKEN is unset (no /metrics). */
  metrics: AppMetrics | null;
  stop(): Promise<void>;
}

export interface AppOptions {
  /** Where request lines go (tests pass a logger writing to a stream they read); the process logger by default. */
  logger?: Logger;
}

/**
 * Headers for every answer: no sniffing, no framing by other sites, no referrer (reset links carry
 * tokens); and, when people open the app over https, HSTS: a browser that has seen it once never
 * sends a token or password over plain http to the host again. Never over http (the local demo):
 * browsers would then refuse plain http to that host for a year.
 */
function securityHeaders(publicUrl: string): (req: Request, res: Response, next: NextFunction) => void {
  const https = URL.canParse(publicUrl) && new URL(publicUrl).protocol === 'https:';
  return (_req, res, next) => {
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    commonSecurityHeaders(res);
    next();
  };
}

/** The headers of every answer, whatever PUBLIC_URL. */
function commonSecurityHeaders(res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      // The GraphiQL explorer's editor (Monaco) embeds its fonts as data: URLs.
      "font-src 'self' data:",
      "frame-src 'self' blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
    ].join('; '),
  );
}

export async function buildApp(db: DataSource, config: Config, databaseKind: 'embedded' | 'server', opts: AppOptions = {}): Promise<BuiltApp> {
  const services = createServices(db, config, databaseKind);
  const deps: AppDeps = { db, config, services };
  const log = opts.logger ?? processLogger;
  const metrics = config.metricsToken ? createMetrics(db, log) : null;
  const app = express();
  app.disable('x-powered-by');
  // Behind the deployment's proxy, the client address comes from X-Forwarded-For, believed from that proxy only (TRUST_PROXY).
  app.set('trust proxy', config.trustProxy);
  // First, so every answer is logged and counted, refusals included (observability/).
  app.use(requestLogger(log));
  if (metrics) app.use(metrics.http);
  app.use(securityHeaders(config.publicUrl));
  app.use(compressAnswers());
  // An operations endpoint, outside /api and its OpenAPI document; 404 when METRICS_TOKEN is unset.
  app.get('/metrics', metricsEndpoint(metrics, config.metricsToken));
  mountBenchInstrumentation(app, config);
  // Browser journeys move the server's day (NODE_ENV=test with TEST_CLOCK=1 only).
  mountTestClock(app, deps);

  // Before the JSON parser: the Stripe webhook verifies its raw body; the test checkout pages.
  mountPaymentPages(app, deps);
  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  mountAccountRoutes(api, deps);
  mountIdentityRoutes(api, deps);
  mountSchoolRoutes(api, deps);
  mountParentRoutes(api, deps);
  mountStudentRoutes(api, deps);
  mountCaseloadRoutes(api, deps);
  mountNoteRoutes(api, deps);
  mountPlanRoutes(api, deps);
  mountWhatIfPlanRoutes(api, deps);
  mountPlanReviewRoutes(api, deps);
  mountBlogRoutes(api, deps);
  mountConsentFormRoutes(api, deps);
  mountPathwayRoutes(api, deps);
  mountSystemRoutes(api, deps);
  mountCourseRoutes(api, deps);
  mountAdmissionRoutes(api, deps);
  mountContractRoutes(api, deps);
  mountPaymentRoutes(api, deps);
  mountStatementRoutes(api, deps);
  mountOnboardingRoutes(api, deps);
  mountBaselinePlanRoutes(api, deps);
  mountAccessLogRoutes(api, deps);
  mountIntegrationRoutes(api, deps);
  mountApiTokenRoutes(api, deps);
  mountRosterRoutes(api, deps);
  mountTranscriptRoutes(api, deps);
  mountCourseRequestRoutes(api, deps);
  mountAutoPlanRoutes(api, deps);
  api.use((_req, res) => {
    res.status(404).json({ error: REASONS.NOT_FOUND, reason: 'NOT_FOUND' });
  });
  api.use(apiErrorHandler);
  app.use('/api', api);
  mountContractFiles(app, deps);
  mountConsentFileRoutes(app, deps);
  app.use('/files', transcriptFilesRouter(deps));

  const apollo = await createApolloServer(config, [operationNameForLog, ...(metrics ? [metrics.graphqlPlugin] : [])]);
  app.use(
    '/graphql',
    routeName('/graphql'),
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, { context: async ({ req, res }) => buildGraphqlContext(deps, req, res) }),
    graphqlBodyErrorHandler,
  );

  // Static files and the history fallback are named "static" in logs and metrics.
  app.use(routeName('static'));
  mountClient(app, { clientDist: config.clientDist, production: config.nodeEnv === 'production' });
  return {
    app,
    deps,
    metrics,
    stop: async () => {
      // The upload folders first: an upload cut off by a shutdown holds students' names and grades.
      await services.roster.close();
      await services.transcripts.close();
      await apollo.stop();
      await services.payments.close();
      await services.solvers.close();
    },
  };
}
