// Named to run after the other journeys (Playwright runs files in name order): its students and
// data stay in the demo school and changed what the caseload and density journeys count.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, DEMO, signIn, unique } from './helpers';

/** The school year a window collects: the one after the year under way (a school year ends in June, as the server reckons it). */
function nextSchoolYear(today = new Date()): string {
  const end = today.getUTCMonth() >= 6 ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
  return `${end}-${end + 1}`;
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a counselor opens the request window; a student's planned courses for next year appear in the SIS export and in the course demand", async ({ page, request }) => {
  // A tenth grader plans two courses in 11th grade (next year) and one in 10th grade (this year).
  const email = unique('requests.student');
  const last = `Requester${Math.floor(Math.random() * 1e6)}`;
  const reg = await request.post('/api/register/', {
    data: { signup_code: 'LINCOLN-STUDENT', email, password: 'Sunrise#2031', first_name: 'Quinn', last_name: last },
  });
  expect(reg.status()).toBe(201);
  const student = { Authorization: `Token ${(await reg.json()).token}` };
  const info = await request.post('/api/student-info/', {
    headers: student,
    data: { grade: '10', dob: '03142010', guardianFirstName: 'Jordan', guardianLastName: last, guardianPhone: '(201) 555-3344' },
  });
  expect(info.status()).toBe(200);
  const demoCourses = await request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${await apiToken(request, DEMO.student)}` } });
  const courses: { course: { id: number; course_id: string } }[] = await demoCourses.json();
  const [first, second, third] = courses.map((e) => e.course);
  for (const [course, term] of [
    [first, '3'],
    [second, '3'],
    [third, '2'],
  ] as const) {
    const added = await request.post('/api/add-scheduled-course/', { headers: student, data: { course_id: course.id, term } });
    expect(added.status(), await added.text()).toBe(201);
  }

  // The counselor opens the window for next year from the Course Requests page.
  const year = nextSchoolYear();
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Course Requests' }).click();
  await expect(page).toHaveURL(/\/course-requests$/);
  await expect(page.getByRole('heading', { name: 'Course requests', exact: true })).toBeVisible();
  await page.getByLabel('School year (e.g. 2027-2028)').fill(year);
  await page.getByLabel('Opens on').fill(day(-1));
  await page.getByLabel('Closes on').fill(day(14));
  await page.getByRole('button', { name: 'Save the window' }).click();
  await expect(page.getByText('Course-request window saved.')).toBeVisible();
  await expect(page.getByText("Open: students' planned courses for that year are their requests.")).toBeVisible();

  // The PowerSchool export holds the student's two courses of next year, not this year's.
  await page.getByLabel('Layout').selectOption({ label: 'PowerSchool' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the export' }).click()]);
  expect(download.suggestedFilename()).toBe(`course-requests-${year}-powerschool.csv`);
  const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('Student_Number,Course_Number,YearID,Term,Alternate');
  const yearId = Number(year.slice(0, 4)) - 1990;
  const mine = lines.filter((l) => l.startsWith(`${email},`));
  expect(mine.sort()).toEqual([`${email},${first.course_id},${yearId},Year,0`, `${email},${second.course_id},${yearId},Year,0`].sort());

  // The demand: the first course's row counts the student in grade 11; the number lists them.
  const table = page.getByRole('table', { name: 'Course demand' });
  await expect(table).toBeVisible();
  const columns = await table.getByRole('columnheader').allTextContents();
  const grade11 = columns.indexOf('Grade 11');
  expect(grade11).toBeGreaterThan(2);
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: first.course_id, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('cell').nth(grade11).getByRole('button').click();
  const students = page.getByRole('region', { name: new RegExp(`^${first.course_id} .*, Grade 11: \\d+ students?$`) });
  await expect(students.getByRole('row').filter({ hasText: `Quinn ${last}` })).toContainText(email);
  await expect(students.getByRole('row').filter({ hasText: `Quinn ${last}` })).toContainText('11');
});
