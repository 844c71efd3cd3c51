/**
 * Pathway journeys. The courses, the transfer and the student's plan are set up through the
 * catalogue and plan APIs; the pathway and its requirements through the pathway pages.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, signIn } from './helpers';

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function requirementUuids(request: APIRequestContext, token: string, pathwayUuid: string): Promise<Record<string, string>> {
  const res = await request.get(`/api/pathways/${pathwayUuid}/`, { headers: { Authorization: `Token ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { requirements: { uuid: string; name: string }[] };
  return Object.fromEntries(body.requirements.map((r) => [r.name, r.uuid]));
}

test('staff create a pathway with two requirements; the student sees both fulfilled on the progress page', async ({ page, browser, request }) => {
  const name = `Transfer Ready ${tag()}`;
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pathways' }).click();
  await expect(page.getByRole('heading', { name: 'My Pathways' })).toBeVisible();

  await page.getByRole('button', { name: 'Create New Pathway' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Pathway' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Courses that transfer to the UC and CSU.');
  await create.getByLabel('Color').selectOption('green');
  await create.getByRole('button', { name: 'Create Pathway' }).click();
  await expect(create).toBeHidden();

  // The colour selector filters the list.
  await page.getByLabel('Filter by Color').selectOption('red');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeHidden();
  await page.getByLabel('Filter by Color').selectOption('green');
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toContainText('Lincoln High School');
  await card.click();
  await expect(page).toHaveURL(/\/pathways\/[0-9a-f-]{36}$/);
  const pathwayUuid = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Courses that transfer to the UC and CSU.')).toBeVisible();

  // Add Requirement, twice; the page reloads after each.
  await page.getByRole('button', { name: 'Add Requirement' }).click();
  let add = page.getByRole('dialog', { name: 'Add Requirement' });
  await expect(add.getByLabel('Number of Courses Required')).toHaveValue('0');
  await add.getByLabel('Requirement Name').fill('English');
  await add.getByLabel('Requirement Description').fill('Two years of English');
  await add.getByLabel('Number of Courses Required').fill('2');
  await add.getByRole('button', { name: 'Add Requirement' }).click();
  await expect(page.getByRole('button', { name: 'English', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Requirement' }).click();
  add = page.getByRole('dialog', { name: 'Add Requirement' });
  await add.getByLabel('Requirement Name').fill('Math');
  await add.getByLabel('Number of Units Required').fill('6');
  await add.getByRole('button', { name: 'Add Requirement' }).click();
  await expect(page.getByRole('button', { name: 'Math', exact: true })).toBeVisible();

  // Courses (Lincoln's own and two of its partner college's), a transfer and the student's plan, through the APIs.
  const t = tag();
  const adminToken = await apiToken(request, DEMO.admin);
  const studentToken = await apiToken(request, DEMO.student);
  const asAdmin = { Authorization: `Token ${adminToken}` };
  const course = async (path: string, code: string, title: string, units: number) => {
    const res = await request.post(path, { headers: asAdmin, data: { course_id: code, title, description: '', units, prerequisite_groups: [], tags: {} } });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number; school: { uuid: string } };
  };
  const eng9 = await course('/api/courses/create/', `ENG 9-${t}`, 'English 9', 5);
  const eng10 = await course('/api/courses/create/', `ENG 10-${t}`, 'English 10', 5);
  const calc = await course('/api/courses/createcc/', `MATH 1A-${t}`, 'Calculus I', 5);
  const stats = await course('/api/courses/createcc/', `MATH 10-${t}`, 'Statistics', 4);
  const accepted = await request.post('/api/transfer-course/', {
    headers: asAdmin,
    data: { original_course_id: calc.id, accepting_school_id: eng9.school.uuid, adjusted_units: 3.5 },
  });
  expect(accepted.status()).toBe(200);
  for (const [i, c] of [eng9, eng10, calc, stats].entries()) {
    const res = await request.post('/api/add-scheduled-course/', {
      headers: { Authorization: `Token ${studentToken}` },
      data: { course_id: c.id, term: String(i + 1) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const ids = { eng9: eng9.id, eng10: eng10.id, calc: calc.id, stats: stats.id };

  const reqs = await requirementUuids(request, adminToken, pathwayUuid);
  for (const [courseId, requirement] of [
    [ids.eng9, 'English'],
    [ids.eng10, 'English'],
    [ids.calc, 'Math'],
    [ids.stats, 'Math'],
  ] as const) {
    const res = await request.post(`/api/courses/${courseId}/requirement/`, {
      headers: { Authorization: `Token ${adminToken}` },
      data: { requirement_uuid: reqs[requirement], non_duplicables: [] },
    });
    expect(res.status()).toBe(200);
  }

  // The student opens the progress page.
  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, DEMO.student);
  await expect(student).toHaveURL(/\/plan$/);
  await student.goto(`/pathways/${pathwayUuid}`);
  await expect(student.getByRole('button', { name: 'Edit Pathway' })).toHaveCount(0);
  await student.getByRole('link', { name: 'View My Progress' }).click();
  await expect(student).toHaveURL(new RegExp(`/pathways/${pathwayUuid}/progress$`));
  await expect(student.getByRole('heading', { name })).toBeVisible();
  await expect(student.getByText('2 of 2 requirements fulfilled by your Four Year Plan.')).toBeVisible();

  const english = student.getByRole('button', { name: 'English Fulfilled' });
  const math = student.getByRole('button', { name: 'Math Fulfilled' });
  await expect(english).toBeVisible();
  await expect(math).toBeVisible();
  await english.click();
  await expect(english).toHaveAttribute('aria-expanded', 'true');
  const englishCard = student.getByRole('region', { name: 'English' });
  await expect(englishCard.getByText('Two years of English')).toBeVisible();
  await expect(englishCard.getByText('Course Requirement: 2 fulfilled / 2 required')).toBeVisible();
  await expect(englishCard.getByText('Unit Requirement: 10 fulfilled / 0 required')).toBeVisible();
  await expect(englishCard.getByRole('listitem')).toHaveText([`ENG 10-${t} English 10✓ Scheduled`, `ENG 9-${t} English 9✓ Scheduled`]);

  await math.click();
  const mathCard = student.getByRole('region', { name: 'Math' });
  // Calculus counts with the 3.5 units Lincoln accepted, Statistics (no transfer) with its own 4.
  await expect(mathCard.getByText('Unit Requirement: 7.5 fulfilled / 6 required')).toBeVisible();
  await expect(mathCard.getByText('Course Requirement: 2 fulfilled / 0 required')).toBeVisible();
  await context.close();
});

test('staff recolour a pathway on the progress page and delete it', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.admin);
  const name = `Arts Pathway ${tag()}`;
  const created = await request.post('/api/pathways/create/', { headers: { Authorization: `Token ${token}` }, data: { name, description: 'Visual arts', color: '' } });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.goto(`/pathways/${uuid}/progress`);
  await page.getByRole('button', { name: 'Edit Pathway' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Pathway' });
  await expect(edit.getByLabel('Pathway Name')).toHaveValue(name);
  await edit.getByLabel('Pathway Description').fill('Visual and performing arts');
  await edit.getByLabel('Pathway Color').selectOption('purple');
  await edit.getByRole('button', { name: 'Save Pathway' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Visual and performing arts')).toBeVisible();
  const saved = await request.get(`/api/pathways/${uuid}/`, { headers: { Authorization: `Token ${token}` } });
  expect(await saved.json()).toMatchObject({ description: 'Visual and performing arts', color: 'purple' });

  await page.getByRole('button', { name: 'Edit Pathway' }).click();
  let asked = '';
  page.once('dialog', async (d) => {
    asked = d.message();
    await d.accept();
  });
  await page.getByRole('dialog', { name: 'Edit Pathway' }).getByRole('button', { name: 'Delete Pathway' }).click();
  await expect(page).toHaveURL(/\/pathways$/);
  expect(asked).toBe('Are you sure you want to delete this pathway?');
  await expect(page.getByRole('heading', { name: 'My Pathways' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  expect((await request.get(`/api/pathways/${uuid}/`, { headers: { Authorization: `Token ${token}` } })).status()).toBe(404);
});
