import { expect, test } from '@playwright/test';
import { pdfText } from '../shared/testing/pdf-text';
import { readZip } from '../server/src/modules/consent-forms/testing/zip-reader';
import { apiToken, DEMO, signIn } from './helpers';

test('the student signs, the parent signs from the texted link, staff export and view the completed form', async ({ page, browser, request }) => {
  // The student signs at /parent-form.
  await signIn(page, DEMO.student);
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/parent-form');
  await expect(page.getByRole('heading', { name: 'Student Signature: Parent Consent Form' })).toBeVisible();
  await expect(page.locator('iframe[title="Parent consent form"]')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Form' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please provide your signature (your full name).');
  await page.getByLabel('Signature (type your full name)').fill('Sam Lee');
  await page.getByRole('button', { name: 'Sign Form' }).click();
  await expect(page).toHaveURL(/\/parent-form-success$/);
  await expect(page.getByRole('heading', { name: 'Reminder: Parent Signature Needed' })).toBeVisible();
  // Lincoln uses the community-college application: Next goes there.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/cccapply\/consent$/);

  // Signing again is refused with the spec's message.
  await page.goto('/parent-form');
  await expect(page.locator('iframe[title="Parent consent form"]')).toBeVisible();
  await page.getByLabel('Signature (type your full name)').fill('Sam Lee');
  await page.getByRole('button', { name: 'Sign Form' }).click();
  await expect(page.getByRole('alert')).toHaveText('You have already signed this form.');

  // The guardian's text message, read from the outbox by staff.
  const staff = await apiToken(request, DEMO.admin);
  const outbox = await (await request.get('/api/outbox/', { headers: { Authorization: `Token ${staff}` } })).json();
  const sms = outbox.find((m: { channel: string; body: string }) => m.channel === 'sms' && m.body.includes('/parent-sign/'));
  expect(sms, JSON.stringify(outbox)).toBeTruthy();
  expect(sms.recipient).toBe('(201) 555-0142');
  const link = new URL(/(https?:\/\/\S+\/parent-sign\/[A-Za-z0-9_-]{43})$/.exec(sms.body)![1]);
  // The demo parent account linked to Sam gets the same link by email.
  const email = outbox.find((m: { channel: string; body: string }) => m.channel === 'email' && m.body.endsWith(link.pathname));
  expect(email, JSON.stringify(outbox)).toBeTruthy();
  expect(email.recipient).toBe(DEMO.parent);

  // The parent opens the link in a browser without an account.
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await parent.goto(link.pathname);
  await expect(parent.getByRole('heading', { name: "Review and Sign Your Child's Consent Form" })).toBeVisible();
  await expect(parent.locator('iframe[title="Consent form to sign"]')).toBeVisible();
  await parent.getByRole('button', { name: 'Sign Form' }).click();
  await expect(parent.getByRole('alert')).toHaveText('Please provide your full name as signature.');
  await parent.getByLabel('Printed Name').fill('Jordan Lee');
  await parent.getByLabel('Signature (type your full name)').fill('Jordan Lee');
  // The parent also draws a signature on the pad: the browser sends its strokes, not a PDF.
  const pad = parent.getByRole('img', { name: /Signature drawing area/ });
  const box = (await pad.boundingBox())!;
  await parent.mouse.move(box.x + 20, box.y + 60);
  await parent.mouse.down();
  for (const [dx, dy] of [
    [60, 20],
    [100, 70],
    [160, 30],
    [220, 65],
  ])
    await parent.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
  await parent.mouse.up();
  await expect(parent.getByRole('button', { name: 'Clear drawing' })).toBeEnabled();
  const signing = parent.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/sign-parent-form/'));
  await parent.getByRole('button', { name: 'Sign Form' }).click();
  const sent = (await signing).postData() ?? '';
  expect(sent).toContain('name="strokes"');
  expect(sent).not.toContain('%PDF-');
  await expect(parent).toHaveURL(/\/parent-form-confirmation$/);
  await expect(parent.getByRole('heading', { name: 'Parent Consent Form Successfully Signed!' })).toBeVisible();
  await expect(parent.getByText('You can now close this window.')).toBeVisible();
  // The link is spent.
  expect((await request.get(`/api/sign-parent-form/${link.pathname.split('/').pop()}/`)).status()).toBe(404);
  await parentContext.close();

  // Staff see the form Completed and download the grade's ZIP.
  const students = await (await request.get('/api/students-in-school/', { headers: { Authorization: `Token ${staff}` } })).json();
  const sam = students.find((s: { email: string }) => s.email === DEMO.student);
  expect(sam.parent_consent_form_state).toBe('both_signed');
  const res = await request.post('/api/export-parent-forms/', {
    headers: { Authorization: `Token ${staff}` },
    data: { grade: sam.grade, school_id: sam.school.id },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toBe('attachment; filename="Grade_10_Parent_Forms.zip"');
  const entries = readZip(Buffer.from(await res.body()));
  expect(entries.map((e) => e.name)).toEqual([`Lee_Sam_${sam.id}.pdf`]);
  const text = await pdfText(entries[0].data);
  for (const expected of ['Sam Lee', 'Jordan Lee', 'Sam', 'Lee', 'Lincoln High School', '03/14/2010', '10', 'Parent/Guardian Consent for Dual Enrollment']) {
    expect(text).toContain(expected);
  }
  // The audit trail is the PDF's last page: who signed, when, and where the link went.
  for (const expected of [
    'Signature record',
    'Typed name: Sam Lee',
    `Signed in as user #${sam.id}`,
    'Typed name: Jordan Lee',
    'Text message to: (201) 555-0142',
    'Signed in: no (through the texted link)',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).toMatch(/Drawn signature: 1 stroke\b/);
  expect(text).toMatch(/Signed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

  // The staff screen: the export runs in the background with a progress bar, then the ZIP downloads.
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/students-list');
  await page.getByRole('button', { name: 'Export Parent Forms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Parent Forms' });
  await dialog.getByLabel('Grade').selectOption(sam.grade);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Grade_10_Parent_Forms.zip');
  const zipPath = await download.path();
  const fs = await import('node:fs');
  expect(readZip(fs.readFileSync(zipPath)).map((e) => e.name)).toEqual([`Lee_Sam_${sam.id}.pdf`]);
  await expect(dialog.getByRole('status')).toHaveText('Downloaded Grade_10_Parent_Forms.zip.');
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  // A grade with no completed form: the spec's message, at once.
  await dialog.getByLabel('Grade').selectOption('11');
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('No completed parent forms found for the selected grade and school');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The viewer, opened by staff.
  await page.goto(`/parent-form-viewer/${sam.parent_code}`);
  await expect(page.getByRole('heading', { name: 'Parent Consent Form: Sam Lee' })).toBeVisible();
  await expect(page.getByText('Completed')).toBeVisible();
  // The phone the link went to is unchanged and no other family gives it: no warning.
  await expect(page.getByText(/guardian phone/i)).toHaveCount(0);
  const frame = page.locator('iframe[title="Parent consent form"]');
  await expect(frame).toBeVisible();
  expect(await frame.evaluate((el) => (el as HTMLIFrameElement).getBoundingClientRect().height)).toBe(1000);

  // Sam changes the guardian phone after the link was sent: staff are warned (then the phone is put back).
  const samToken = await apiToken(request, DEMO.student);
  const info = { grade: '10', dob: '03142010', guardianFirstName: 'Jordan', guardianLastName: 'Lee' };
  for (const guardianPhone of ['(201) 555-0199', '(201) 555-0142']) {
    const saved = await request.post('/api/student-info/', { headers: { Authorization: `Token ${samToken}` }, data: { ...info, guardianPhone } });
    expect(saved.status()).toBeLessThan(300);
  }
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'The guardian phone was changed after the signing link was sent to it' })).toBeVisible();
});

test('staff open the consent template from their profile and move a field', async ({ page, request }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/log-in$/);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Consent Form Template' }).click();
  await expect(page).toHaveURL(/\/consent-template$/);
  await expect(page.getByRole('heading', { name: 'Consent Form Template' })).toBeVisible();
  await expect(page.getByText('The default template, 1 page.')).toBeVisible();
  await expect(page.locator('iframe[title="Template preview"]')).toBeVisible();
  await page.getByLabel('Student info: grade (user.grade) x').fill('260');
  await page.getByRole('button', { name: 'Save Positions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Field positions saved.' })).toBeVisible();
  await expect(page.getByText("Your school's own template, 1 page.")).toBeVisible();
  const staff = await apiToken(request, DEMO.admin);
  const template = await (await request.get('/api/consent-template/', { headers: { Authorization: `Token ${staff}` } })).json();
  expect(template.custom).toBe(true);
  expect(template.field_config.student_info.grade.x).toBe(260);
});
