/**
 * A real OpenID provider for the single sign-on tests: oidc-provider (a certified implementation)
 * on loopback http, with one confidential client and a minimal sign-in page of its own (an email
 * field and a "Continue" button; no password: the tests are about what the app does with the
 * provider's answer). Any email signs in; `accounts` overrides the claims of some (e.g. an
 * unverified email, another subject, an email at userinfo only). Consent is granted at once, as a district's provider does for its own apps.
 *
 * Used by the API tests (identity/sso.test.ts drives the page with fetch: signInAtProvider) and by
 * the browser journey (e2e/sso.spec.ts clicks through the page).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccountClaims {
  /** The subject the provider gives this sign-in name; default: the name itself. */
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  /** Claims the ID token leaves out (a provider may send them at userinfo only, or not at all). */
  idTokenOmits?: ('email' | 'email_verified')[];
  /** Claims the userinfo answer leaves out. */
  userinfoOmits?: ('email' | 'email_verified')[];
}

export interface TestProviderOptions {
  /** 0: any free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Claims of particular sign-in names; any other name is a verified email of that name. */
  accounts?: Record<string, TestAccountClaims>;
  /** The email only at the userinfo endpoint, not in the ID token (as some providers do). */
  emailInUserinfoOnly?: boolean;
}

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

const page = (uid: string, prompt: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>District sign-in</title></head>
<body><main><h1>District sign-in</h1><p>Prompt: ${prompt}</p>
<form method="post" action="/interaction/${uid}/login">
<label for="email">Email address</label> <input id="email" name="email" type="text" autocomplete="username" required>
<button type="submit">Continue</button>
</form></main></body></html>`;

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(opts: TestProviderOptions): Promise<TestProvider> {
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = opts.accounts ?? {};
  const nameOfSubject = new Map<string, string>();
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The email in the ID token itself, as Google and Microsoft send it (or only in userinfo).
    conformIdTokenClaims: opts.emailInUserinfoOnly ?? false,
    ttl: { Session: 3600, Grant: 3600, Interaction: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The account id is the subject; its claims are those of the name it last signed in with.
    async findAccount(_ctx, sub) {
      const name = nameOfSubject.get(sub) ?? sub;
      const { idTokenOmits = [], userinfoOmits = [], ...given } = accounts[name] ?? {};
      delete given.sub;
      const claims: Record<string, unknown> = { email: name, email_verified: true, name: name.split('@')[0], ...given };
      return {
        accountId: sub,
        // use: 'id_token' or 'userinfo', so a test can send a claim through one of them only.
        claims: async (use: string) => {
          const omitted = new Set<string>(use === 'id_token' ? idTokenOmits : userinfoOmits);
          return { sub, ...Object.fromEntries(Object.entries(claims).filter(([k]) => !omitted.has(k))) };
        },
      };
    },
    // First-party app: the grant is made at once, no consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // A refused grant (replayed code, wrong verifier) is an expected answer; only a crash of the provider is printed.
  provider.on('server_error', (_ctx, err) => console.error('[test provider]', err));
  const providerHandler = provider.callback();

  handle = (req, res) => {
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!m) return void providerHandler(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET' && !m[2]) {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(details.uid, details.prompt.name));
          return;
        }
        const email = (await readForm(req)).get('email')?.trim() ?? '';
        const sub = accounts[email]?.sub ?? email;
        nameOfSubject.set(sub, email);
        await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      } catch (e) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`interaction failed: ${(e as Error).message}`);
      }
    })();
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A person signing in at the provider, without a browser: follows the authorization URL to the
 * sign-in page, submits the email and follows on until the provider redirects to the app.
 * Answers that redirect (the app's callback URL with code, state and iss).
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    const res = interaction
      ? await send(new URL(`/interaction/${interaction[1]}/login`, url), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }).toString(),
        })
      : await send(url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
    const next = new URL(location, url);
    if (next.origin !== url.origin && !next.pathname.startsWith('/interaction/')) return next;
    url = next;
  }
  throw new Error('the provider kept redirecting');
}
