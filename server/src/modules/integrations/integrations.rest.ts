/** The district-integration routes: the OpenAPI document, personal API tokens, roster import. */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { mountApiTokenRoutes } from '../api-tokens/api-tokens.rest.js';
import { mountRosterRoutes } from '../roster/roster.rest.js';
import { openApiDocument } from './openapi.js';

export function mountIntegrationRoutes(r: Router, deps: AppDeps): void {
  route(r, deps, 'get', '/openapi.json', 'openApiDocument', async () => openApiDocument());
  mountApiTokenRoutes(r, deps);
  mountRosterRoutes(r, deps);
}
