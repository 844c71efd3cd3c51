import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Planner#2026';
export const DEMO = {
  admin: 'admin@lincoln.example',
  student: 'student@lincoln.example',
  parent: 'parent@lincoln.example',
};

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/log-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/login/', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

export const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;

/** A dual-school parent signs up and saves an application (in progress) naming the student, through the REST API. */
export async function submittedApplication(request: APIRequestContext, studentFullName: string): Promise<string> {
  const email = unique('dual.family.with.a.long.address');
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'DUAL-PARENT', email, password: 'Harbor#2031', first_name: 'Lee', last_name: 'Castellanos-Whitfield' },
  });
  expect(reg.status()).toBe(201);
  const token = (await reg.json()).token as string;
  const saved = await request.patch('/api/application/', {
    headers: { Authorization: `Token ${token}` },
    data: { form_data: [{ step: 1, title: 'Applicant Information', data: { studentFullName } }], application_status: 'in_progress' },
  });
  expect(saved.status()).toBe(200);
  return email;
}

/** The current school year's label (2026-27), as the demo seeds it from today's date: a year starts in August. */
export function currentSchoolYear(today = new Date()): string {
  const start = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
