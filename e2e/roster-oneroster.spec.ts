import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { DEMO, signIn } from './helpers';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server/src/modules/roster/oneroster/fixtures/bundle-1.2');

/**
 * The server's OneRoster 1.2 fixture bundle, pointed at the demo school (orgs.csv names it), with
 * addresses unique to this run, and one more guardian who names a student the school lacks.
 */
function bundle(tag: string): Buffer {
  const read = (f: string) =>
    fs.readFileSync(path.join(FIXTURES, f), 'utf8').replaceAll('Riverside High School', 'Lincoln High School').replaceAll('example.org', `${tag}.example.org`);
  const users = read('users.csv').trimEnd() + `\nu-p2,,,true,lee.g,,Lee,Guardian,,,lee.g@family.${tag}.example.org,,,u-s9,,,LG-1,,,,,org-hs,\n`;
  const roles = read('roles.csv').trimEnd() + '\nr-6,,,u-p2,primary,guardian,,,org-hs,\n';
  const text = (s: string) => new TextEncoder().encode(s);
  return Buffer.from(
    zipSync({
      'manifest.csv': text(read('manifest.csv')),
      'orgs.csv': text(read('orgs.csv')),
      'users.csv': text(users),
      'roles.csv': text(roles),
    }),
  );
}

test('staff import a OneRoster 1.2 bundle: counts, a rejected row and a notice with their lines, then a new student in the list', async ({ page }) => {
  const tag = `e2e${Date.now()}`;
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/log-in/);
  await page.goto('/students-list');
  await expect(page.getByRole('heading', { name: /Dashboard/ })).toBeVisible();

  await page.getByRole('button', { name: 'Import Roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Roster' });
  await dialog.getByLabel('CSV File').setInputFiles({ name: 'oneroster-1.2.zip', mimeType: 'application/zip', buffer: bundle(tag) });
  await dialog.getByRole('button', { name: 'Upload' }).click();

  // Rosa (teacher), Sam (student), Pam and Lee (guardians) are added; Mo's org is another school's
  // (line 4, rejected); Lee is saved but names an unknown student (line 7, a notice, not rejected).
  await expect(dialog.getByRole('alert')).toContainText('(4 added, 0 updated, 4 emailed, 1 rejected)');
  const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('row', { name: /matches no school you manage/ })).toContainText('4');
  await expect(rejected.getByRole('row', { name: /matches no school you manage/ })).toContainText('u-s2');
  const notices = dialog.getByRole('table', { name: 'Saved, with a notice' });
  await expect(notices.getByRole('row', { name: /Saved, but not linked to u-s9/ })).toContainText('7');
  await expect(notices.getByRole('row', { name: /Saved, but not linked to u-s9/ })).toContainText('u-p2');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Sam, a student of the file, is in the students list; Mo, rejected, is not.
  const search = page.getByRole('search');
  await search.getByRole('searchbox').fill(tag);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: `sam.s@students.riverside.${tag}.example.org` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `mo.m@students.riverside.${tag}.example.org` })).toHaveCount(0);
});
