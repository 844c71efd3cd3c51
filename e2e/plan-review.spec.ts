import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './helpers';

// Kai Nakamura, a seeded 9th grader of Lincoln (plan review on), so Sam's plan stays as other journeys expect it.
const KAI = 'kai.nakamura@lincoln.example';
const KAI_CODE = 'LHSKAI9';

/** Axe on the new parts of a screen (`include`), or on the whole screen. */
async function noSeriousAxe(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const axe = await (include ? builder.include(include) : builder).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      ),
  ).toEqual([]);
}

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

async function schedule(request: APIRequestContext, token: string, courseId: number, term: string): Promise<void> {
  const res = await request.post('/api/add-scheduled-course/', { ...auth(token), data: { course_id: courseId, term } });
  expect(res.status()).toBe(201);
}

test('a plan is submitted, returned with a comment, resubmitted, approved, changed, and approved again; the parent sees it in Spanish', async ({ browser, request }) => {
  test.setTimeout(300_000);
  // A Spanish-speaking parent linked to Kai, and Kai's plan of three courses (through the API).
  const parentEmail = unique('kai.parent');
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'LINCOLN-PARENT', email: parentEmail, password: 'Harbor#2031', first_name: 'Rosa', last_name: 'Nakamura' },
  });
  expect(reg.status()).toBe(201);
  const parentToken = (await reg.json()).token as string;
  expect((await request.post('/api/add-student/', { ...auth(parentToken), data: { parent_code: KAI_CODE } })).status()).toBe(200);
  const locale = await request.post('/graphql', { ...auth(parentToken), data: { query: 'mutation { updateLocale(locale: es) }' } });
  expect((await locale.json()).errors).toBeUndefined();

  const kaiToken = await apiToken(request, KAI);
  const listed = await (await request.get('/api/courses/?page_size=10', auth(kaiToken))).json();
  const courses = (Array.isArray(listed) ? listed : listed.results) as { id: number; title: string; course_id: string }[];
  expect(courses.length).toBeGreaterThanOrEqual(5);
  const [first, second, third, fourth, fifth] = courses;
  await schedule(request, kaiToken, first.id, '1');
  await schedule(request, kaiToken, second.id, '1');
  await schedule(request, kaiToken, third.id, '2');

  const student = await (await browser.newContext()).newPage();
  const counselor = await (await browser.newContext()).newPage();
  const parent = await (await browser.newContext()).newPage();
  const review = (page: Page) => page.getByRole('region', { name: 'Plan review' });

  // The student submits.
  await signIn(student, KAI);
  await expect(student).not.toHaveURL(/\/log-in$/);
  await student.goto('/plan');
  await expect(review(student).getByText('Plan status: Draft')).toBeVisible();
  await noSeriousAxe(student, '.plan-review');
  await review(student).getByRole('button', { name: 'Submit plan for review' }).click();
  await expect(review(student).getByText('Plan status: Submitted for review')).toBeVisible();
  await expect(review(student).getByRole('button', { name: 'Submit plan for review' })).toHaveCount(0);

  // The counselor opens Kai from the caseload and returns the plan with a comment (required).
  await signIn(counselor, DEMO.admin);
  await expect(counselor).toHaveURL(/\/courses$/);
  await counselor.goto('/caseload');
  await expect(counselor.getByRole('row').filter({ hasText: 'Nakamura, Kai' })).toContainText('Submitted for review');
  await counselor.getByRole('button', { name: 'Open the plan of Nakamura, Kai' }).click();
  await expect(counselor).toHaveURL(/\/plan$/);
  await expect(review(counselor).getByText('Plan status: Submitted for review')).toBeVisible();
  await review(counselor).getByRole('button', { name: 'Return with comments' }).click();
  const dialog = counselor.getByRole('dialog', { name: 'Return the plan with comments' });
  await dialog.getByRole('button', { name: 'Return with comments' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please write a comment telling the student what to change.');
  await noSeriousAxe(counselor, '[role="dialog"]');
  await dialog.getByLabel('Comment for the student').fill('Please add a science course to 10th grade.');
  await dialog.getByRole('button', { name: 'Return with comments' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(review(counselor).getByText('Plan status: Returned with comments')).toBeVisible();

  // The student sees the comment, revises and resubmits.
  await student.reload();
  await expect(review(student).getByText('Plan status: Returned with comments')).toBeVisible();
  await expect(review(student)).toContainText('Please add a science course to 10th grade.');
  await schedule(request, kaiToken, fourth.id, '2');
  await student.reload();
  await review(student).getByRole('button', { name: 'Submit plan for review' }).click();
  await expect(review(student).getByText('Plan status: Submitted for review')).toBeVisible();

  // The counselor approves.
  await counselor.reload();
  await review(counselor).getByRole('button', { name: 'Approve plan' }).click();
  await expect(review(counselor).getByText('Plan status: Approved')).toBeVisible();
  await expect(review(counselor)).toContainText('(approved version 1)');
  await expect(review(counselor).getByText('No changes since the approved version.')).toBeVisible();

  // The student changes the approved plan: one course removed, one moved to 11th grade, one added.
  const removed = await request.delete(`/api/remove-scheduled-course/${second.id}/`, auth(kaiToken));
  expect(removed.status()).toBe(200);
  const entry = await (await request.get(`/api/get-scheduled-course/${first.id}/`, auth(kaiToken))).json();
  expect((await request.put(`/api/courses/${entry.id}/`, { ...auth(kaiToken), data: { term: '3' } })).status()).toBe(200);
  await schedule(request, kaiToken, fifth.id, '4');
  await student.reload();
  await expect(review(student).getByText('Plan status: Changed since approval')).toBeVisible();

  // The counselor sees exactly what changed, and approves again.
  await counselor.reload();
  await expect(review(counselor).getByText('Plan status: Changed since approval')).toBeVisible();
  const changes = review(counselor).getByRole('list');
  await expect(changes.getByRole('listitem')).toHaveText([
    `Added ${fifth.course_id} ${fifth.title} in 12th Grade`,
    `Removed ${second.course_id} ${second.title} from 9th Grade`,
    `Moved ${first.course_id} ${first.title} from 9th Grade to 11th Grade`,
  ]);
  await noSeriousAxe(counselor, '.plan-review');
  await review(counselor).getByRole('button', { name: 'Approve plan' }).click();
  await expect(review(counselor).getByText('Plan status: Approved')).toBeVisible();
  await expect(review(counselor)).toContainText('(approved version 2)');

  // The parent sees the state, in Spanish; the approval and the return were queued for them in Spanish.
  await signIn(parent, parentEmail, 'Harbor#2031');
  await expect(parent).toHaveURL(/\/parent-students$/);
  await expect(parent.getByRole('row').filter({ hasText: 'Kai' })).toContainText('Estado del plan: Aprobado');
  await noSeriousAxe(parent);

  const adminToken = await apiToken(request, DEMO.admin);
  const outbox = (await (await request.get('/api/outbox/?limit=100', auth(adminToken))).json()) as { recipient: string; subject: string; body: string }[];
  const mine = outbox.filter((m) => m.recipient === parentEmail).map((m) => m.subject);
  expect(mine).toEqual([
    'Se aprobó el plan académico de Kai Nakamura',
    'Se aprobó el plan académico de Kai Nakamura',
    'Se devolvió el plan académico de Kai Nakamura con comentarios',
  ]);
});
