import { expect, test } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './helpers';

test('a new student signs up with LINCOLN-STUDENT, lands on /student-info, signs out and signs in again', async ({ page }) => {
  const email = unique('new.student');
  await page.goto('/sign-up');
  await page.getByLabel('First Name').fill('Riley');
  await page.getByLabel('Last Name').fill('Nguyen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(page.getByText('An uppercase letter')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Sunrise#2031');
  await page.getByLabel('Confirm Password').fill('Sunrise#2031');
  await page.getByLabel('Sign-up Code').fill('LINCOLN-STUDENT');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/student-info$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('School')).toHaveValue('Lincoln High School');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signIn(page, email, 'Sunrise#2031');
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: 'Riley Nguyen - Academic Plan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '9th Grade' })).toBeVisible();
});

test('sign-up shows the catalogue message for an unknown code', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('First Name').fill('Casey');
  await page.getByLabel('Last Name').fill('Moss');
  await page.getByLabel('Email').fill(unique('casey'));
  await page.getByLabel('Password', { exact: true }).fill('Harbor#2031');
  await page.getByLabel('Confirm Password').fill('Harbor#2031');
  await page.getByLabel('Sign-up Code').fill('NOPE-CODE');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The sign-up code you entered is not valid\. Please check the code and try again\./);
});

test('a parent signs in and lands on /parent-students with the linked student', async ({ page }) => {
  await signIn(page, DEMO.parent);
  await expect(page).toHaveURL(/\/parent-students$/);
  await expect(page.getByRole('heading', { name: 'My Students' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'student@lincoln.example' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Students' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payments' })).toBeVisible();
});

test('a parent views the student read-only and returns', async ({ page, request }) => {
  await signIn(page, DEMO.parent);
  await page.getByRole('button', { name: 'View Student' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('You are in Student View for:')).toContainText('Sam Lee');
  // The server refuses writes from a parent's view, whatever the client shows.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await request.put('/api/update-user-labels/', {
    headers: { Authorization: `Token ${token}` },
    data: { academic_year_labels: ['Hacked'] },
  });
  expect(res.status()).toBe(403);
  await page.getByRole('button', { name: 'Return to Parent View' }).click();
  await expect(page).toHaveURL(/\/parent-students$/);
  expect(await page.evaluate(() => localStorage.getItem('isParentViewingAsStudent'))).toBeNull();
});

test('an admin views the student and returns', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  await expect(page.getByRole('heading', { name: 'Students List' })).toBeVisible();
  await page.getByRole('button', { name: 'View Sam Lee' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: 'Sam Lee - Academic Plan' })).toBeVisible();
  await expect(page.getByText('You are in Student View for:')).toContainText('Sam Lee');
  expect(await page.evaluate(() => localStorage.getItem('isAdminViewingAsStudent'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
  await page.getByRole('button', { name: 'Return to Admin View' }).click();
  await expect(page).toHaveURL(/\/students-list$/);
  await expect(page.getByRole('heading', { name: 'Students List' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('a password reset through the emailed link', async ({ page, request }) => {
  const email = unique('reset.me');
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'LINCOLN-PARENT', email, password: 'Meadow#2030', first_name: 'Pat', last_name: 'Quinn' },
  });
  expect(reg.status()).toBe(201);

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Your Password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('A password reset link has been sent to your email.')).toBeVisible();

  const adminToken = await apiToken(request, DEMO.admin);
  const outbox = await (await request.get('/api/outbox/', { headers: { Authorization: `Token ${adminToken}` } })).json();
  const mail = outbox.find((m: { recipient: string }) => m.recipient === email);
  const link = /https?:\/\/[^\s]+\/reset-password\/[^\s]+/.exec(mail.body)![0];
  const path = new URL(link).pathname;

  await page.goto(path);
  await page.getByLabel('New Password').fill('Orchard#2032');
  await page.getByLabel('Confirm Password').fill('Orchard#2032');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/log-in$/);

  // The link works once.
  await page.goto(path);
  await page.getByLabel('New Password').fill('Orchard#2033');
  await page.getByLabel('Confirm Password').fill('Orchard#2033');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Failed to reset password. Please try again.')).toBeVisible();

  await signIn(page, email, 'Orchard#2032');
  await expect(page).toHaveURL(/\/parent-students$/);
});

test('a dual-school parent is held on /application until the application is finished', async ({ page }) => {
  await page.goto('/dual-parent-login');
  await expect(page.getByRole('heading', { name: 'Apply to Dual School' })).toBeVisible();
  await page.getByLabel('First Name').fill('Avery');
  await page.getByLabel('Last Name').fill('Stone');
  await page.getByLabel('Email').fill(unique('dual.parent'));
  await page.getByLabel('Password', { exact: true }).fill('Lantern#2030');
  await page.getByLabel('Confirm Password').fill('Lantern#2031');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Lantern#2030');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/application$/);
  expect(await page.evaluate(() => localStorage.getItem('applicationStep'))).toBe('0');
  await expect(page.getByText('Dual School Admission Application').first()).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/application$/);
  await page.goto('/parent-payments');
  await expect(page).toHaveURL(/\/application$/);
});

test('the public header hides its navigation at 767px and shows it above', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'FAQs' })).toBeHidden();
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(page.getByRole('link', { name: 'FAQs' })).toBeVisible();
  await expect(page.locator('#articles').getByText('Dual Enrollment, Explained for Families')).toBeVisible();
});

test('the landing page copies a founder email and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await page.goto('/');
  await page.locator('#about').getByRole('button', { name: /copy/i }).first().click();
  await expect.poll(() => messages).toHaveLength(1);
  expect(messages[0]).toMatch(/^Copied .+@pathwayplanner\.org to clipboard!$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/@pathwayplanner\.org$/);
});

test('staff see the system status page at /test', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/test');
  await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'System status' })).toContainText('Foundation1732200000000');
});
