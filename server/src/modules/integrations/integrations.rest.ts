/** The district-integration routes: the OpenAPI document (app.ts mounts the API-token and roster routes beside it). */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { openApiDocument } from './openapi.js';

export function mountIntegrationRoutes(r: Router, deps: AppDeps): void {
  route(r, deps, 'get', '/openapi.json', 'openApiDocument', async () => openApiDocument());
}
