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
