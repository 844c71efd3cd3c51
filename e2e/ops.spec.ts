import { expect, test } from '@playwright/test';
import { apiToken, DEMO, PASSWORD, signIn, unique } from './helpers';

test('staff import a roster, the new student sets a password from the email, and the dashboard filters the list', async ({ page, request }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/students-list');
  await expect(page.getByRole('heading', { name: /Dashboard/ })).toBeVisible();

  const email = unique('roster.kid');
  await page.getByRole('button', { name: 'Import Roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Roster' });
  await dialog.getByLabel('CSV File').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sourcedId,givenName,familyName,email,grade\nE2E-1,Robin,Quill,${email},09\nE2E-2,,NoName,x@example.org,10\n`),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // The file is checked at once; a background job imports its rows while the dialog shows them counted.
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('(1 added, 0 updated, 1 emailed, 1 rejected)');
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expect(dialog.getByRole('row', { name: /givenName and familyName are required/ })).toContainText('3');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Robin has no plan: the Plan Completeness bar filters the list to students without a plan.
  await page.getByRole('button', { name: /^No Plan Yet: \d+ students?\. Show them in the list\.$/ }).click();
  await expect(page).toHaveURL(/plan=none/);
  await expect(page.getByRole('status').filter({ hasText: 'Showing students with Plan: No Plan Yet.' })).toBeVisible();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'student@lincoln.example' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all students' }).click();
  await expect(page.getByRole('cell', { name: 'student@lincoln.example' })).toBeVisible();

  // The outbox page shows the welcome email; its link sets the password.
  await page.goto('/outbox');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Set your password for Pathway Planner');
  await expect(row).toContainText('Pending');
  const staff = await apiToken(request, DEMO.admin);
  const messages = await (await request.get('/api/outbox/', { headers: { Authorization: `Token ${staff}` } })).json();
  const body: string = messages.find((m: { recipient: string }) => m.recipient === email).body;
  const link = new URL(/(http\S+\/reset-password\/\S+)/.exec(body)![1]);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.pathname);
  await page.getByLabel('New Password', { exact: true }).fill('Harbor#Sunset2031');
  await page.getByLabel(/Confirm/).fill('Harbor#Sunset2031');
  await page.getByRole('button', { name: /Reset Password|Set Password|Submit/ }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await signIn(page, email, 'Harbor#Sunset2031');
  await expect(page).not.toHaveURL(/log-in/);
});

test('staff create an API token on the profile page, a script uses it, and the GraphiQL explorer runs a query', async ({ page, request }) => {
  await signIn(page, DEMO.admin, PASSWORD);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/profile');
  await page.getByLabel('Token name').fill('Nightly SIS sync');
  await page.getByRole('button', { name: 'Create Token' }).click();
  const secret = (await page.getByLabel('New API token').textContent())!.trim();
  expect(secret.length).toBeGreaterThan(20);
  await expect(page.getByRole('cell', { name: `…${secret.slice(-4)}` })).toBeVisible();

  const me = await request.get('/api/current-user/', { headers: { Authorization: `Bearer ${secret}` } });
  expect((await me.json()).first_name).toBeTruthy();

  await page.goto('/graphiql');
  await expect(page.getByRole('main', { name: 'GraphQL Explorer' })).toBeVisible();
  // Bundled, no CDN: the Monaco editor loads from this origin and shows the default query.
  await expect(page.locator('.graphiql-query-editor')).toContainText('MyStudents', { timeout: 20_000 });
  await page.getByRole('button', { name: /Execute query/ }).click();
  await expect(page.getByRole('region', { name: 'Result Window' })).toContainText('totalCount', { timeout: 20_000 });

  await page.goto('/profile');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Revoke Nightly SIS sync' }).click();
  await expect(page.getByRole('cell', { name: 'Nightly SIS sync' })).toHaveCount(0);
  expect((await request.get('/api/current-user/', { headers: { Authorization: `Token ${secret}` } })).status()).toBe(401);
});
