import type { Router } from 'express';
import { route, type AppDeps } from '../../core/http.js';

export function mountConsentFormRoutes(r: Router, deps: AppDeps): void {
  const { consentForms } = deps.services;
  route(r, deps, 'post', '/create-parent-form/', 'createParentForm', async (ctx, _req, res) => {
    const form = await consentForms.createForCaller(ctx);
    res.status(201).json({ id: form.id, state: form.state });
  });
}
