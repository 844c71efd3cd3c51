/**
 * Accessibility audit (issue 12): every route of client/src/App.tsx, as the person who uses it, with
 * the demo data, has no serious or critical axe violation (WCAG 2.1 A/AA rules). One browser context
 * per person, signed in once; a handful of pages again in Spanish.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';


const PEOPLE = {
  anonymous: null,
  student: DEMO.student,
  admin: DEMO.admin,
  parent: DEMO.parent,
  acceptedParent: 'accepted.parent@dualschool.example',
  admissions: 'admissions@dualschool.example',
} as const;
type Person = keyof typeof PEOPLE;

/** A route to visit; `from` finds a real id: the first link on that page whose address matches. */
interface Visit {
  path: string;
  from?: { page: string; link: RegExp };
  /** Where to go when the demo data has no such link (the page's not-found state is audited then). */
  fallback?: string;
}

const ROUTES: Record<Person, Visit[]> = {
  anonymous: [
    { path: '/' },
    { path: '/sign-up' },
    { path: '/log-in' },
    { path: '/forgot-password' },
    { path: '/reset-password/abc/def' },
    { path: '/dual-parent-login' },
    { path: '/privacy-policy' },
    { path: '/terms-of-use' },
    { path: '/service-agreement' },
    { path: '/acceptable-use-policy' },
    { path: '/blog-page/:id', from: { page: '/', link: /^\/blog-page\/[^/]+$/ } },
    { path: '/parent-sign/not-a-code' },
    { path: '/parent-form-success' },
    { path: '/parent-form-confirmation' },
    { path: '/test' },
    { path: '/no-such-page' },
  ],
  student: [
    { path: '/plan' },
    { path: '/courses' },
    { path: '/course-page/:uuid', from: { page: '/courses', link: /^\/(course-page|courses)\/[^/]+$/ } },
    { path: '/pathways' },
    { path: '/pathways/:uuid', from: { page: '/pathways', link: /^\/pathways\/[^/]+$/ } },
    { path: '/pathways/:uuid/progress', from: { page: '/pathways', link: /^\/pathways\/[^/]+$/ } },
    { path: '/baseline-plans' },
    { path: '/profile' },
    { path: '/parent-form' },
    { path: '/student-onboarding' },
    { path: '/onboarding-questions' },
    { path: '/student-info' },
    { path: '/student-demographics' },
    { path: '/cccapply/consent' },
    { path: '/cccapply/open-account-setup' },
    { path: '/cccapply/confirmation' },
    { path: '/cccapply/application' },
    { path: '/cccapply/success' },
  ],
  admin: [
    { path: '/students-list' },
    { path: '/access-log' },
    { path: '/courses' },
    { path: '/courses/:id', from: { page: '/courses', link: /^\/(course-page|courses)\/[^/]+$/ } },
    { path: '/partner-courses' },
    { path: '/pathways' },
    { path: '/pathways/:uuid', from: { page: '/pathways', link: /^\/pathways\/[^/]+$/ } },
    { path: '/auto-gen-plans' },
    { path: '/consent-template' },
    { path: '/admin-onboarding' },
    { path: '/parent-form-viewer/not-a-code' },
    { path: '/profile' },
    { path: '/outbox' },
    { path: '/graphiql' },
  ],
  parent: [{ path: '/parent-home' }, { path: '/parent-students' }, { path: '/profile' }],
  acceptedParent: [
    { path: '/parent-applications' },
    { path: '/application-summary' },
    { path: '/application' },
    { path: '/enrollment-contract' },
    { path: '/directory-opt-out-form' },
    { path: '/enrollment-success' },
    { path: '/parent-payments' },
  ],
  admissions: [
    { path: '/admissions' },
    { path: '/admissions/:id', from: { page: '/admissions', link: /^\/admissions\/(?!payments)[^/]+$/ }, fallback: '/admissions/00000000-0000-4000-8000-000000000000' },
    { path: '/admissions/payments' },
  ],
};

/** Pages checked again in Spanish (the language switch of the public header, or the profile's). */
const SPANISH: Partial<Record<Person, string[]>> = {
  anonymous: ['/', '/log-in', '/sign-up'],
  student: ['/plan', '/courses', '/pathways', '/cccapply/consent'],
  admin: ['/students-list', '/access-log'],
  acceptedParent: ['/parent-payments'],
};

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^(Loading|Cargando)/)).toHaveCount(0);
}

async function resolve(page: Page, visit: Visit): Promise<string | null> {
  if (!visit.from) return visit.path;
  await page.goto(visit.from.page);
  await settle(page);
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  let href = hrefs.find((h) => visit.from!.link.test(h));
  const card = page.locator('.course-card[role="link"]').first();
  if (!href && (await card.count())) {
    // Course cards open on click (the whole card is the link).
    await card.click();
    await page.waitForURL((url) => visit.from!.link.test(url.pathname));
    href = new URL(page.url()).pathname;
  }
  if (!href && visit.fallback) return visit.fallback;
  expect(href, `a link like ${visit.from.link} on ${visit.from.page}`).toBeTruthy();
  return visit.path.endsWith('/progress') ? `${href}/progress` : href!;
}

async function audit(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function personPage(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('dialog', (d) => void d.dismiss());
  const email = PEOPLE[person];
  if (email) {
    await signIn(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/log-in'));
    await settle(page);
  }
  return page;
}

async function setSpanish(page: Page, person: Person) {
  if (person !== 'anonymous') await page.goto('/profile');
  else await page.goto('/');
  await settle(page);
  const toSpanish = page.getByRole('button', { name: 'Switch the language to Español' }).first();
  if (person === 'anonymous') await toSpanish.click();
  else {
    // A signed-in person's choice is saved on the account: wait for it before the next page load.
    const saved = page.waitForResponse((r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('updateLocale'));
    await toSpanish.click();
    await saved;
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/** The choice is saved on the account: put it back, so later journeys of the same person read English. */
async function restoreEnglish(page: Page, person: Person) {
  if (person === 'anonymous') return;
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.put('/api/locale/', { headers: { Authorization: `Token ${token}` }, data: { locale: 'en' } });
  expect(res.status()).toBe(200);
}

for (const person of Object.keys(ROUTES) as Person[]) {
  test(`${person}: every page has no serious or critical violation`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await personPage(browser, person);
    const found: string[] = [];
    for (const visit of ROUTES[person]) {
      const path = await resolve(page, visit);
      if (path) found.push(...(await audit(page, path)));
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const spanish = SPANISH[person];
    if (spanish) {
      await setSpanish(page, person);
      try {
        for (const path of spanish) found.push(...(await audit(page, path)));
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      } finally {
        await restoreEnglish(page, person);
      }
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
}
