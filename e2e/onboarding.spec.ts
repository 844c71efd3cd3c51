import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './helpers';

const PASSWORD = 'Sunrise#2031';

/** The student's plan through the plans area's GET /api/user-scheduled-courses/, in term and position order. */
async function planCourses(request: APIRequestContext, token: string): Promise<{ courseCode: string; term: string }[]> {
  const res = await request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${token}` } });
  expect(res.status()).toBe(200);
  const entries: { term: string; position: number; course: { course_id: string } }[] = await res.json();
  return entries.sort((a, b) => Number(a.term) - Number(b.term) || a.position - b.position).map((e) => ({ courseCode: e.course.course_id, term: e.term }));
}

/** The plan's prerequisite warnings (GET /api/plan/ of the plans area). */
async function planWarnings(request: APIRequestContext, token: string): Promise<unknown[]> {
  return (await (await request.get('/api/plan/', { headers: { Authorization: `Token ${token}` } })).json()).warnings;
}

/** Collects window.alert / confirm texts; confirms are accepted. */
function dialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

test('a new Lincoln student goes from sign-up through onboarding and the CCCApply hand-off to a baseline plan', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const alerts = dialogs(page);
  const email = unique('onboarding.student');
  await page.goto('/sign-up');
  await page.getByLabel('First Name').fill('Riley');
  await page.getByLabel('Last Name').fill('Nguyen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Sign-up Code').fill('LINCOLN-STUDENT');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Student information: Lincoln has ccc_apply_enabled, so demographics come next.
  await expect(page).toHaveURL(/\/student-info$/);
  await page.getByLabel('Current Grade').selectOption('10');
  await page.getByLabel('Date of Birth').fill('2010-03-14');
  await page.getByLabel('Parent/Guardian First Name').fill('Jordan');
  await page.getByLabel('Parent/Guardian Last Name').fill('Nguyen');
  await page.getByLabel('Parent/Guardian Phone Number').fill('(201) 555-3344');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/student-demographics$/);
  await page.getByLabel('Citizenship Status').selectOption('US Citizen');
  await expect(page.getByLabel('When were you in foster care?')).toHaveCount(0);
  await page.getByLabel('Have you ever been in foster care?').selectOption('yes');
  await page.getByLabel('When were you in foster care?').selectOption('after13');
  await page.getByLabel(/last 24 months/).selectOption('no');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Asian').check();
  await page.getByLabel('White').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Lincoln has parent_form_enabled: the parent consent form step belongs to another area and is
  // not built in this branch, so the journey goes on to the community-college consent by URL.
  await expect(page).toHaveURL(/\/parent-form$/);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const user = await (await request.get('/api/user/', { headers: { Authorization: `Token ${token}` } })).json();
  expect(user).toEqual({ first_name: 'Riley', last_name: 'Nguyen', email, dob: '03142010', grade: '10', school: { name: 'Lincoln High School' } });

  await page.goto('/cccapply/consent');
  await page.getByRole('button', { name: 'Sign and Continue' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('You must type your full name as an electronic signature.');
  await expect(page).toHaveURL(/\/cccapply\/consent$/);
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByLabel('Electronic Signature (type your full name)').fill('Riley Nguyen');
  await page.getByRole('button', { name: 'Sign and Continue' }).click();

  // ccc_demo_enabled: the Verify Email step, then straight to success.
  await expect(page).toHaveURL(/\/cccapply\/confirmation$/);
  await page.getByLabel('Confirmation Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/cccapply\/success$/);
  await expect(page.getByText('submit your community college application on your behalf')).toBeVisible();

  // The Open CCC set-up (the path of schools without the demo): password, copy, external page, confirmation.
  await page.goto('/cccapply/open-account-setup');
  await expect(page.getByRole('heading', { name: 'Create Open CCC account' })).toBeVisible();
  await expect(page.getByLabel('Generated password')).toHaveText('Lt031410!');
  await page.getByRole('button', { name: 'Copy Password' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Lt031410!');
  const external = page.getByRole('link', { name: 'Open the Open CCC login page' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('href', /221/);
  await page.getByRole('button', { name: "I've Created My Open CCC Account" }).click();
  await expect(page).toHaveURL(/\/cccapply\/success$/);

  // The counselor's students list shows the CCCApply status.
  const adminToken = await apiToken(request, DEMO.admin);
  const students = await (await request.get('/api/students-in-school/', { headers: { Authorization: `Token ${adminToken}` } })).json();
  expect(students.find((s: { email: string }) => s.email === email).ccc_apply_status).toBe('account_created');

  // Next: Lincoln has baseline plans.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/baseline-plans$/);
  await expect(page.getByRole('heading', { name: 'Select a Baseline Plan' })).toBeVisible();
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Create your plan from scratch');
  await page.getByRole('article', { name: 'Health Sciences' }).getByRole('button', { name: 'Select Plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  const health = await planCourses(request, token);
  expect(health).toHaveLength(22);
  expect(health.slice(0, 2)).toEqual([
    { courseCode: '2401', term: '1' },
    { courseCode: '4301', term: '1' },
  ]);
  expect(health.map((c) => c.courseCode)).toContain('3066');
  expect(await planWarnings(request, token)).toEqual([]);

  // Choosing another plan asks first, then replaces every course.
  await page.goto('/baseline-plans');
  const before = alerts.length;
  await page.getByRole('article', { name: 'STEM Pathway' }).getByRole('button', { name: 'Select Plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  expect(alerts[before]).toBe('Selecting this baseline plan will replace all of your existing courses with the courses in this baseline plan.');
  const stem = (await planCourses(request, token)).map((c) => c.courseCode);
  expect(stem).toContain('5105');
  expect(stem).not.toContain('3066');

  // From scratch: the confirmation names the course count, then the plan is empty.
  await page.goto('/baseline-plans');
  await page.getByRole('article', { name: 'Create your plan from scratch' }).getByRole('button', { name: 'Select Plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  expect(alerts.at(-1)).toBe(
    `You currently have ${stem.length} course(s) in your academic plan. Creating a plan from scratch will remove all of your existing courses. Are you sure you want to continue?`,
  );
  expect(await planCourses(request, token)).toEqual([]);
});

test('the onboarding questions save the goals and build a four-year plan', async ({ page, request }) => {
  const email = unique('questions.student');
  const reg = await request.post('/api/register/', { data: { signup_code: 'LINCOLN-STUDENT', email, password: PASSWORD, first_name: 'Ari', last_name: 'Lopez' } });
  expect(reg.status()).toBe(201);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/plan$/);
  await page.goto('/onboarding-questions');
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose your grade.');
  await page.getByLabel('9th Grade').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Graduating from high school').check();
  await page.getByLabel('Taking advanced classes').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Math I', { exact: true }).check();
  await page.getByLabel('Spanish I', { exact: true }).check();
  const sent = page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('UpdateEdGoals'));
  const generated = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('GenerateFourYearPlan'));
  await page.getByRole('button', { name: 'Next' }).click();
  // One answer per question; several answers joined with ', '.
  expect((await sent).postDataJSON().variables).toEqual({
    edGoals: ['9th Grade', 'graduating from high school, taking advanced classes', 'Math I, Spanish I'],
  });
  const plan = await (await generated).json();
  expect(plan.errors).toBeUndefined();
  expect(typeof plan.data.generateFourYearPlan.addedCount).toBe('number');
  await expect(page).toHaveURL(/\/plan$/);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const tooLong = await request.post('/api/update-ed-goals/', { headers: { Authorization: `Token ${token}` }, data: { ed_goals: ['x'.repeat(501)] } });
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.json()).toEqual({ reason: 'ED_GOALS_INVALID', error: 'ed_goals must be a list of 1 to 10 answers, each at most 500 characters.' });
});

test('a parent adds a student by parent code, views the plan read-only and returns', async ({ page, request }) => {
  const studentEmail = unique('linked.student');
  await request.post('/api/register/', { data: { signup_code: 'LINCOLN-STUDENT', email: studentEmail, password: PASSWORD, first_name: 'Mina', last_name: 'Park' } });
  const studentToken = await apiToken(request, studentEmail, PASSWORD);
  const code = (await (await request.get('/api/current-user/', { headers: { Authorization: `Token ${studentToken}` } })).json()).parent_code as string;
  const parentEmail = unique('new.parent');
  await request.post('/api/register/', { data: { signup_code: 'LINCOLN-PARENT', email: parentEmail, password: PASSWORD, first_name: 'Dana', last_name: 'Park' } });

  await signIn(page, parentEmail, PASSWORD);
  await expect(page).toHaveURL(/\/parent-students$/);
  await expect(page.getByText('No students linked to your account.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await expect(dialog.getByLabel('Parent Code')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Student' }).click();
  await dialog.getByLabel('Parent Code').fill('WRONGCODE');
  await dialog.getByRole('button', { name: 'Add Student' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('No student was found with this parent code. Please check the code and try again.');
  await dialog.getByLabel('Parent Code').fill(code);
  await dialog.getByRole('button', { name: 'Add Student' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: /Mina/ });
  await expect(row).toContainText(studentEmail);

  await row.getByRole('button', { name: 'View Student' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('You are in Student View for:')).toContainText('Mina Park');
  // Read-only: the baseline plan page offers no choice, and the server refuses the change.
  await page.goto('/baseline-plans');
  await expect(page.getByRole('heading', { name: 'Select a Baseline Plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Plan' })).toHaveCount(0);
  const viewToken = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await request.post('/api/clear-student-courses/', { headers: { Authorization: `Token ${viewToken}` } });
  expect(refused.status()).toBe(403);

  await page.getByRole('button', { name: 'Return to Parent View' }).click();
  await expect(page).toHaveURL(/\/parent-students$/);
  await expect(page.getByRole('cell', { name: studentEmail })).toBeVisible();
});

test('staff create, edit, duplicate, view and delete a baseline plan', async ({ page }) => {
  const alerts = dialogs(page);
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Baseline Plans' }).click();
  await expect(page.getByRole('heading', { name: 'Baseline Plans' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'STEM Pathway', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Health Sciences', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Create Baseline Plan' }).click();
  const create = page.getByRole('dialog', { name: 'Create Baseline Plan' });
  await create.getByLabel('Title').fill('Arts Pathway');
  await create.getByLabel('Description').fill('Visual and performing arts');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('cell', { name: 'Arts Pathway', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Arts Pathway' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Baseline Plan' });
  await edit.getByLabel('Title').fill('Arts and Media');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('cell', { name: 'Arts and Media', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Arts and Media' }).click();
  await edit.getByRole('button', { name: 'Duplicate Plan' }).click();
  await expect(page.getByRole('cell', { name: 'Arts and Media (Copy)', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Arts and Media (Copy)' }).click();
  await edit.getByRole('button', { name: 'Delete Plan' }).click();
  await expect(page.getByRole('cell', { name: 'Arts and Media (Copy)', exact: true })).toHaveCount(0);
  expect(alerts.at(-1)).toBe('Are you sure you want to delete this plan? This action cannot be undone.');

  await page.getByRole('button', { name: 'View Health Sciences' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText('Baseline Plan View for:')).toContainText('Health Sciences');
  await page.getByRole('button', { name: 'Return to Admin View' }).click();
  await expect(page).toHaveURL(/\/auto-gen-plans$/);
  await expect(page.getByRole('heading', { name: 'Baseline Plans' })).toBeVisible();
});
