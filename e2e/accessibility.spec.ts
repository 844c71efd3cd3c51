/**
 * Accessibility audit (issues 12 and 21): every route of client/src/App.tsx, as the person who uses
 * it, with the demo data, in each of the four languages (en, es, vi, zh), has no serious or critical
 * axe violation (WCAG 2.1 A/AA rules and axe's best practices) and says its language on the document
 * (<html lang>). One browser context per person, signed in once; the language is switched the way
 * the app keeps it (the account's saved locale, or the visitor's stored choice), never by signing in
 * again, and the ids behind a route are found once, in English.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LOCALES, type Locale } from '@planner/shared';
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
    { path: '/course-requests' },
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
    {
      path: '/admissions/:id',
      from: { page: '/admissions', link: /^\/admissions\/(?!payments|school-years)[^/]+$/ },
      fallback: '/admissions/00000000-0000-4000-8000-000000000000',
    },
    { path: '/admissions/payments' },
    { path: '/admissions/school-years' },
  ],
};

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // The "Loading..." of each language (common.loading).
  await expect(page.getByText(/^(Loading|Cargando|Đang tải|正在加载)/)).toHaveCount(0);
}

/** The real address of a visit: `from` is followed once (in English), the id reused in every language. */
async function resolve(page: Page, visit: Visit): Promise<string> {
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

/**
 * Opens `path` inside the running app (the router follows the history entry, as a click on a link
 * does), so the bundle and the session are not loaded again for every page; then the serious and
 * critical violations, and a line when the document does not say `locale`.
 */
async function audit(page: Page, path: string, locale: Locale): Promise<string[]> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
  const found: string[] = [];
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== locale) found.push(`${locale} ${path}: <html lang="${lang}">`);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    found.push(
      `${locale} ${path} [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
    );
  }
  return found;
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

/**
 * The language a person reads from now on: a signed-in person's is saved on the account (what the
 * language switch does), a visitor's is the browser's stored choice. The app is loaded again with it.
 */
async function setLanguage(page: Page, person: Person, locale: Locale) {
  if (person !== 'anonymous') {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await page.request.put('/api/locale/', { headers: { Authorization: `Token ${token}` }, data: { locale } });
    expect(res.status()).toBe(200);
  }
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.goto(person === 'anonymous' ? '/' : '/profile');
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** The switch itself, once per person: pressing it sets the document's language at once. */
async function switchOnScreen(page: Page, person: Person) {
  await page.goto(person === 'anonymous' ? '/' : '/profile');
  await settle(page);
  const toSpanish = page.getByRole('button', { name: 'Switch the language to Español' }).first();
  if (person === 'anonymous') await toSpanish.click();
  else {
    const saved = page.waitForResponse((r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('updateLocale'));
    await toSpanish.click();
    await saved;
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

for (const person of Object.keys(ROUTES) as Person[]) {
  test.describe(`${person}`, () => {
    let page: Page;
    const paths: string[] = [];

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(240_000);
      page = await personPage(browser, person);
      for (const visit of ROUTES[person]) paths.push(await resolve(page, visit));
      await switchOnScreen(page, person);
    });

    test.afterAll(async () => {
      // The choice is saved on the account: put English back for the journeys that follow.
      await setLanguage(page, person, 'en');
      await page.context().close();
    });

    for (const locale of LOCALES) {
      test(`${locale}: every page has no serious or critical violation and says its language`, async () => {
        test.setTimeout(600_000);
        await setLanguage(page, person, locale);
        const found: string[] = [];
        for (const path of paths) found.push(...(await audit(page, path, locale)));
        expect(found).toEqual([]);
      });
    }
  });
}
