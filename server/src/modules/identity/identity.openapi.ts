/** The single sign-on routes in the OpenAPI document (see core/openapi.ts). */
import { PASSWORD_SIGN_IN_MODES } from '@planner/shared';
import { z } from 'zod';
import { areaRoutes } from '../../core/openapi.js';
import { exchangeSchema } from './sso-input.js';

export const IDENTITY_ROUTES = areaRoutes('Accounts', [
  {
    method: 'get',
    path: '/auth/oidc/',
    operationId: 'signInOptions',
    public: true,
    summary: "Single sign-on: whether the district's provider is configured, the button's text and who may sign in with a password.",
    success: {
      status: 200,
      description: 'The sign-in options.',
      json: z.object({
        enabled: z.boolean(),
        display_name: z.string().nullable(),
        password_sign_in: z.enum(PASSWORD_SIGN_IN_MODES),
      }),
    },
  },
  {
    method: 'get',
    path: '/auth/oidc/start/',
    operationId: 'startSingleSignOn',
    public: true,
    summary: "Single sign-on: sends the browser to the district's provider and sets its sign-in cookie; 404 when none is configured.",
    success: { status: 302, location: "The provider's authorization address (or /log-in#sso_error=<kind>).", description: 'To the provider.' },
  },
  {
    method: 'get',
    path: '/auth/oidc/callback/',
    operationId: 'finishSingleSignOn',
    public: true,
    summary: "Single sign-on: the provider's redirect back (code, state).",
    success: { status: 302, location: '/log-in#sso_code=<one-time code> or /log-in#sso_error=<kind>.', description: 'Back to the Sign In page.' },
  },
  {
    method: 'post',
    path: '/auth/oidc/exchange/',
    operationId: 'exchangeSignInCode',
    public: true,
    errors: [429],
    summary: 'Single sign-on: the one-time code, from the browser that signed in, within a minute, once, for a session token (as POST /api/login/).',
    body: { json: exchangeSchema },
    success: { status: 200, description: 'Signed in.', json: z.object({ token: z.string(), user_type: z.int().min(1).max(3) }) },
  },
]);
