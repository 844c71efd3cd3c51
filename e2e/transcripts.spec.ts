import { expect, test } from '@playwright/test';
import { apiToken, DEMO, signIn } from './helpers';

/** Last school year, as the transcript names it (a school year starts in July). */
function lastSchoolYear(today = new Date()): string {
  const end = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${end - 1}-${end}`;
}

/**
 * Three demo students' 9th grade (Sam, Chloe and Diego are in 10th grade now), named by email as
 * a SIS export without sourcedIds would; line 7 names nobody of the school, line 8 a course the
 * catalogue lacks.
 */
function transcriptCsv(): string {
  const year = lastSchoolYear();
  return [
    'Student ID,Email,Course Code,School Year,Term,Grade,Credits Earned,Status,Grade Level',
    `,${DEMO.student},2401,${year},Fall,A-,5,completed,9`,
    `,${DEMO.student},4301,${year},Spring,B+,5,completed,9`,
    `,chloe.nguyen@lincoln.example,2401,${year},Fall,A,5,completed,9`,
    `,chloe.nguyen@lincoln.example,4401,${year},Spring,B,5,completed,9`,
    `,diego.hernandez@lincoln.example,2401,${year},Fall,C+,5,completed,9`,
    `,nobody.here@lincoln.example,2401,${year},Fall,A,5,completed,9`,
    `,diego.hernandez@lincoln.example,ZZ-404,${year},Fall,A,5,completed,9`,
  ].join('\r\n');
}

test("a counselor imports the school's course history and sees a student's completed courses; the student sees the grade locked", async ({ browser, page, request }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/students-list');
  await expect(page.getByRole('heading', { name: /Dashboard/ })).toBeVisible();

  await page.getByRole('button', { name: 'Import Course History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Course History' });
  await dialog.getByLabel('Course history file (CSV or JSON)').setInputFiles({ name: 'course-history.csv', mimeType: 'text/csv', buffer: Buffer.from(transcriptCsv()) });
  await dialog.getByRole('button', { name: 'Upload' }).click();

  // Five records added, two rows refused with their line and reason.
  await expect(dialog.getByRole('alert')).toContainText('5 added, 0 updated, 0 unchanged, 2 not saved.');
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(3);
  const unknownStudent = rejected.getByRole('row', { name: /No student of your school has this student id or email/ });
  await expect(unknownStudent).toContainText('7');
  await expect(unknownStudent).toContainText('nobody.here@lincoln.example');
  const unknownCourse = rejected.getByRole('row', { name: /no course with the code "ZZ-404"/ });
  await expect(unknownCourse).toContainText('8');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // Chloe's course history: her two completed courses with their grades.
  await page.getByRole('button', { name: 'Course history of Chloe Nguyen' }).click();
  const history = page.getByRole('dialog', { name: 'Course history of Chloe Nguyen' });
  const english = history.getByRole('row', { name: /English 9/ });
  await expect(english).toContainText(lastSchoolYear());
  await expect(english).toContainText('Fall');
  await expect(english.getByRole('cell', { name: 'A', exact: true })).toBeVisible();
  await expect(english).toContainText('Completed');
  const geometry = history.getByRole('row', { name: /Geometry/ });
  await expect(geometry.getByRole('cell', { name: 'B', exact: true })).toBeVisible();
  await expect(geometry).toContainText('Completed');
  await expect(history.getByRole('row')).toHaveCount(3);

  // A staff correction, with its reason: the record changes and says it was corrected.
  await geometry.getByRole('button', { name: /Correct/ }).click();
  const correction = history.getByRole('form', { name: /Correct 4401 Geometry/ });
  await correction.getByLabel('Grade').fill('B+');
  await correction.getByLabel('Reason for the correction').fill('Grade change form signed by the teacher');
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(history.getByRole('status')).toHaveText('Correction saved.');
  await expect(geometry.getByRole('cell', { name: 'B+', exact: true })).toBeVisible();
  await expect(geometry).toContainText('Corrected by staff');
  await history.getByRole('button', { name: 'Close', exact: true }).click();

  // Sam, on his plan: English 9 from the school's record with its grade, locked.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, DEMO.student);
  await expect(student).not.toHaveURL(/log-in/);
  await student.goto('/plan');
  const tile = student.locator('.plan-tile[data-course="2401"]');
  await expect(tile).toContainText("From the school's record");
  await expect(tile).toContainText('Grade: A-');
  await tile.click();
  await expect(student).toHaveURL(/course-page/);
  const note = student.getByRole('note');
  await expect(note).toContainText("From the school's record.");
  await expect(note).toContainText('cannot be changed here');
  await expect(student.getByRole('button', { name: 'Edit Course Grade' })).toHaveCount(0);
  await expect(student.getByRole('button', { name: 'Remove from Plan' })).toHaveCount(0);

  // The server refuses the change too, saying why.
  const token = await apiToken(request, DEMO.student);
  const entries = (await (await request.get('/api/user-scheduled-courses/', { headers: { Authorization: `Token ${token}` } })).json()) as {
    id: number;
    grade: string;
    source: string;
    course: { title: string };
  }[];
  const entry = entries.find((e) => e.course.title === 'English 9')!;
  expect([entry.grade, entry.source]).toEqual(['A-', 'record']);
  const refused = await request.post(`/api/courses/update-grade/${entry.id}/`, { headers: { Authorization: `Token ${token}` }, data: { grade: 'A+' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).reason).toBe('TRANSCRIPT_LOCKED');
  await student.reload();
  await expect(student.getByRole('note')).toContainText("From the school's record.");
  await expect(student.locator('.completed-note')).toContainText('Course Completed - Grade: A-');
  await studentContext.close();
});
