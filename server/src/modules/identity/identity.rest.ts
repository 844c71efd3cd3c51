/**
 * Single sign-on routes (sso.service.ts holds the flow):
 *   GET  /api/auth/oidc/           the Sign In page's button: configured or not, its text
 *   GET  /api/auth/oidc/start/     302 to the provider; sets the browser's sign-in cookie
 *   GET  /api/auth/oidc/callback/  the provider's redirect; 302 to /log-in#sso_code=... or #sso_error=<kind>
 *   POST /api/auth/oidc/exchange/  { code } from the same browser -> { token, user_type }, as POST /api/login/
 * The cookie is HttpOnly, SameSite=Lax (it must ride the provider's top-level redirect back), limited
 * to these paths, Secure when PUBLIC_URL is https, and holds only a random secret.
 */
import { parse } from 'cookie';
import type { Request, Response, Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkExchangeCode } from './sso-input.js';
import { LOGIN_STATE_MINUTES } from './sso.service.js';

export const SSO_COOKIE = 'planner_sso';
const COOKIE_PATH = '/api/auth/oidc/';

function browserSecret(req: Request): string | null {
  const value = parse(req.headers.cookie ?? '')[SSO_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** To the Sign In page; the fragment stays in the browser (never sent in a request, so never logged). */
function toSignIn(res: Response, fragment: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, `/log-in#${fragment}`);
}

export function mountIdentityRoutes(r: Router, deps: AppDeps): void {
  const { sso } = deps.services;
  const secure = deps.config.publicUrl.startsWith('https:');

  route(r, deps, 'get', '/auth/oidc/', 'signInOptions', async () => {
    const o = sso.signInOptions();
    return { enabled: o.enabled, display_name: o.displayName, password_sign_in: o.passwordSignIn };
  });

  route(r, deps, 'get', '/auth/oidc/start/', 'startSingleSignOn', async (_ctx, _req, res) => {
    const started = await sso.start();
    if (!started.ok) return toSignIn(res, `sso_error=${started.refusal}`);
    res.cookie(SSO_COOKIE, started.browserSecret, { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH, maxAge: LOGIN_STATE_MINUTES * 60_000 });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, started.url);
  });

  route(r, deps, 'get', '/auth/oidc/callback/', 'finishSingleSignOn', async (_ctx, req, res) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const outcome = await sso.callback(browserSecret(req), query);
    toSignIn(res, outcome.ok ? `sso_code=${outcome.code}` : `sso_error=${outcome.refusal}`);
  });

  route(r, deps, 'post', '/auth/oidc/exchange/', 'exchangeSignInCode', async (ctx, req, res) => {
    const { token, userType } = await sso.exchange(ctx, browserSecret(req), checkExchangeCode(req.body));
    res.clearCookie(SSO_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH });
    res.setHeader('Cache-Control', 'no-store');
    return { token, user_type: userType };
  });
}
