import { expect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../server/src/test/oidc-provider';
import { apiToken, DEMO, unique } from './helpers';

// The provider the app server was configured with in serve.mjs (OIDC_ISSUER on this port).
const port = Number(process.env.E2E_PORT ?? 4173);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4175);
let provider: TestProvider;

test.beforeAll(async () => {
  provider = await startTestProvider({
    port: oidcPort,
    clientId: 'planner-e2e',
    clientSecret: 'planner-e2e-client-secret',
    redirectUris: [`http://localhost:${port}/api/auth/oidc/callback/`],
  });
});
test.afterAll(() => provider?.close());

test('a rostered student signs in with the district button and lands on the plan', async ({ page, request }) => {
  // Staff import the student from the roster: the account exists, with no password.
  const staff = await apiToken(request, DEMO.admin);
  const email = unique('sso.kid');
  const upload = await request.post('/api/roster-import/', {
    headers: { Authorization: `Token ${staff}` },
    multipart: { file: { name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(`sourcedId,givenName,familyName,email,grade\nSSO-1,Avery,Stone,${email},10\n`) } },
  });
  expect(upload.status()).toBe(202);
  const importId = (await upload.json()).id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/roster-imports/${importId}/`, { headers: { Authorization: `Token ${staff}` } })).json()).state)
    .toBe('done');

  await page.goto('/log-in');
  await page.getByRole('link', { name: 'Continue with Lincoln USD' }).click();
  // The provider's own page.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${oidcPort}/interaction/`));
  await expect(page.getByRole('heading', { name: 'District sign-in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/plan$/);
  // Signed in as the rostered student, with no code left in the address or its history.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await request.get('/api/current-user/', { headers: { Authorization: `Token ${token}` } });
  expect((await me.json()).email).toBe(email.toLowerCase());
  await page.goBack();
  await expect(page).not.toHaveURL(/sso_code/);
});

test('a person the school does not know is told so on the Sign In page', async ({ page }) => {
  await page.goto('/log-in');
  await page.getByRole('link', { name: 'Continue with Lincoln USD' }).click();
  await page.getByLabel('Email address').fill(unique('stranger'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  await expect(page.getByRole('alert')).toHaveText(
    'No account here uses the email address of your district account. Ask your school to add you, or sign in with the email address your school has.',
  );
  await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
});
