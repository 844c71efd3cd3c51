// Named to run after the other journeys (Playwright runs files in name order): its students and
// data stay in the demo school and changed what the caseload and density journeys count.
/**
 * Auto-plan in the browser, on the demo seed: a student generates a plan, previews what it adds
 * and saves it as a what-if plan, then replaces their own plan with it; a counselor generates plans for five students of the caseload at
 * once and sees each saved; a pathway no plan can meet shows the requirement and why. Students are
 * registered fresh (the demo's LINCOLN-STUDENT code) so a run never depends on an earlier one.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './helpers';

const PASSWORD = 'Sunrise#2031';

/** A new Lincoln student (no plan; follows the school's graduation pathway by default). */
async function newStudent(request: APIRequestContext, first: string, last: string): Promise<{ email: string; id: number; token: string }> {
  const email = unique(`autoplan.${first.toLowerCase()}`);
  const reg = await request.post('/api/register/', { data: { signup_code: 'LINCOLN-STUDENT', email, password: PASSWORD, first_name: first, last_name: last } });
  expect(reg.status()).toBe(201);
  const token = (await reg.json()).token as string;
  const me = await request.post('/graphql', { headers: { Authorization: `Token ${token}` }, data: { query: '{ currentUser { id } }' } });
  return { email, token, id: Number((await me.json()).data.currentUser.id) };
}

async function gql(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await request.post('/graphql', { headers: { Authorization: `Token ${token}` }, data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

test('a student generates a plan, previews it and saves it as a what-if plan; an impossible pathway says why; the student replaces their plan', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A pathway no plan can meet: 40 courses asked, none listed (made by the counselor through the API).
  const admin = await apiToken(request, DEMO.admin);
  const name = `Impossible ${Date.now()}`;
  const created = await gql(request, admin, `mutation($input: CreatePathwayInput!) { createPathway(input: $input) { uuid } }`, { input: { name } });
  await gql(request, admin, `mutation($input: AddRequirementInput!) { addRequirement(input: $input) { uuid } }`, {
    input: { pathwayUuid: created.createPathway.uuid, name: 'Forty Electives', numberOfCourses: 40 },
  });

  const student = await newStudent(request, 'Robin', 'Generate');
  await signIn(page, student.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Robin Generate - Academic Plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate a plan for my pathways' }).click();
  const panel = page.getByRole('region', { name: 'Generate a plan' });
  // The pathways the student follows come ticked: a new student follows the graduation pathway.
  await expect(panel.getByRole('checkbox', { name: 'High School Graduation', exact: true })).toBeChecked();
  await panel.getByRole('button', { name: 'Generate a plan', exact: true }).click();
  // The preview: what the plan would add and where; nothing saved yet.
  await expect(panel.getByText(/Every requirement is met in the fewest terms possible/)).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('heading', { name: 'What the plan would add' })).toBeVisible();
  const additions = panel.getByRole('listitem').filter({ hasText: /: add in / });
  expect(await additions.count()).toBeGreaterThan(0);
  const plans = await gql(request, student.token, `{ plan { terms { courses { id } } } }`);
  expect(plans.plan.terms.flatMap((t: { courses: unknown[] }) => t.courses)).toEqual([]);

  await expect(panel.getByLabel('What-if plan name')).toHaveValue('High School Graduation');
  await panel.getByRole('button', { name: 'Save as a what-if plan' }).click();
  await expect(page.getByRole('heading', { name: 'Robin Generate - What-if plan: High School Graduation' })).toBeVisible();
  await expect(page).toHaveURL(/\/plan\?whatIf=\d+$/);
  // The official plan is untouched.
  const after = await gql(request, student.token, `{ plan { terms { courses { id } } } }`);
  expect(after.plan.terms.flatMap((t: { courses: unknown[] }) => t.courses)).toEqual([]);

  // The impossible pathway: the requirement, by how much, and why, instead of a plan.
  await page.goto('/plan');
  await page.getByRole('button', { name: 'Generate a plan for my pathways' }).click();
  await panel.getByRole('checkbox', { name, exact: true }).check();
  await panel.getByRole('button', { name: 'Generate a plan', exact: true }).click();
  await expect(panel.getByText(`${name}: Forty Electives cannot be met.`)).toHaveText(
    `${name}: Forty Electives cannot be met. 40 more courses of Forty Electives are needed. The requirement lists too few courses.`,
    { timeout: 60_000 },
  );
  await expect(panel.getByRole('button', { name: 'Save as a what-if plan' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Replace my plan' })).toHaveCount(0);

  // "Replace my plan": the official plan becomes the generated one, shown on the page at once.
  await panel.getByRole('checkbox', { name, exact: true }).uncheck();
  await panel.getByRole('checkbox', { name: 'High School Graduation', exact: true }).check();
  await panel.getByRole('button', { name: 'Generate a plan', exact: true }).click();
  await expect(panel.getByText(/Every requirement is met in the fewest terms possible/)).toBeVisible({ timeout: 60_000 });
  const toAdd = await additions.count();
  await panel.getByRole('button', { name: 'Replace my plan' }).click();
  await expect(panel.getByText(`Your plan is now the generated plan: ${toAdd} ${toAdd === 1 ? 'course' : 'courses'} added, 0 courses moved.`)).toBeVisible({
    timeout: 60_000,
  });
  const replaced = await gql(request, student.token, `{ plan { terms { courses { id } } } }`);
  expect(replaced.plan.terms.flatMap((t: { courses: unknown[] }) => t.courses)).toHaveLength(toAdd);
});

test('a counselor generates plans for five students of the caseload in the background and sees each saved', async ({ page, request }) => {
  test.setTimeout(240_000);
  const last = `Aab${Date.now().toString(36)}`;
  const students = [];
  for (const first of ['Ana', 'Ben', 'Cai', 'Dee', 'Eli']) students.push({ first, ...(await newStudent(request, first, last)) });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.admin);
  // Signed in (the session is stored) before the caseload is opened.
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto('/caseload');
  await expect(page.getByRole('heading', { name: 'Caseload' })).toBeVisible();
  for (const s of students) await page.getByRole('checkbox', { name: `Select ${last}, ${s.first}` }).check();
  await expect(page.getByText('5 students selected')).toBeVisible();
  await page.getByRole('button', { name: 'Generate plans for their pathways' }).click();

  const results = page.getByRole('region', { name: 'Generated plans' });
  await expect(results.getByText('5 of 5 students done')).toBeVisible({ timeout: 180_000 });
  for (const s of students) {
    await expect(results.getByRole('listitem').filter({ hasText: `${last}, ${s.first}` })).toContainText('Saved as the what-if plan “High School Graduation”.');
  }
  // Each student has the what-if plan; their official plans are untouched.
  for (const s of students) {
    const mine = await gql(request, s.token, `{ whatIfPlans { plans { name courseCount } } plan { terms { courses { id } } } }`);
    expect(mine.whatIfPlans.plans.map((w: { name: string }) => w.name)).toEqual(['High School Graduation']);
    expect(mine.whatIfPlans.plans[0].courseCount).toBeGreaterThan(0);
    expect(mine.plan.terms.flatMap((t: { courses: unknown[] }) => t.courses)).toEqual([]);
  }
});
