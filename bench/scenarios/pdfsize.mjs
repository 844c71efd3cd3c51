/**
 * Scenario `pdfsize`: the byte size of a Latin-only plan PDF (a student with a 32-course plan over
 * 4 terms, 3 prerequisite warnings: the district's plans have 20-40 courses) drawn by the built
 * server's renderPlanPdf, against the size the same plan had before the Unicode fonts (pdf-lib's
 * standard fonts only; measured with this fixture on the commit before them). Budget: at most 20%
 * larger. Reported beside it: a one-course plan (the smallest real PDF), and the 32-course plan for
 * a Vietnamese and a Chinese name, which embed Noto Sans subsets (and Noto Sans SC).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bytes of the fixture plans with the standard (unembedded) Helvetica, measured before the change. */
export const STANDARD_FONT_BYTES = { plan32: 11797, plan1: 3324 };

/** A plan view as buildView makes it, with Latin-only names and titles. */
export function planFixture(courses) {
  const labels = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'];
  const titles = [
    'Algebra I',
    'English Composition',
    'World History',
    'Biology with Lab',
    'Spanish II',
    'Introduction to Psychology',
    'Calculus I',
    'Art Studio',
    'Physical Education',
    'Chemistry',
  ];
  const entries = Array.from({ length: courses }, (_, i) => ({
    id: i + 1,
    userId: 1,
    courseId: i + 1,
    term: String((i % 4) + 1),
    position: i,
    grade: i % 3 ? '' : 'A-',
    completed: i % 3 === 0,
    course: {
      courseId: `CRS ${100 + i}`,
      title: `${titles[i % titles.length]} ${Math.floor(i / titles.length) + 1}`,
      units: i % 2 ? 3 : 4,
      schoolId: i % 2 ? 1 : 2,
      prerequisiteIds: [],
    },
  }));
  const terms = labels.map((label, t) => {
    const list = entries.filter((e) => e.term === String(t + 1));
    return { term: String(t + 1), position: t + 1, label, courses: list, units: list.reduce((s, e) => s + e.course.units, 0) };
  });
  const warnings = entries
    .slice(0, Math.min(3, courses))
    .map((e) => ({ message: `Prerequisite not met for "${e.course.title}" in ${labels[0]}: schedule "Pre-${e.course.title}" in an earlier term.` }));
  const total = entries.reduce((s, e) => s + e.course.units, 0);
  return {
    view: {
      user: { firstName: 'Margaret', lastName: 'Henderson' },
      readOnly: false,
      labels,
      terms,
      entries,
      warnings,
      totalUnits: total,
      completedUnits: entries.filter((e) => e.completed).reduce((s, e) => s + e.course.units, 0),
    },
    schools: new Map([
      [1, { name: 'Riverside Community College' }],
      [2, { name: 'Lincoln High School' }],
    ]),
    generatedAt: new Date('2026-05-01T12:00:00Z'),
  };
}

export async function planPdfSizes(renderPlanPdf) {
  const out = {};
  for (const [key, n] of [
    ['plan32', 32],
    ['plan1', 1],
  ]) {
    const f = planFixture(n);
    out[key] = (await renderPlanPdf(f.view, f.schools, f.generatedAt)).length;
  }
  return out;
}

/** `h`: { record } from bench/run.mjs. Needs the built server (server/dist). */
export async function scenarioPdfSize(_env, h) {
  const file = path.resolve(import.meta.dirname, '../../server/dist/server/src/modules/plans/plan-pdf.js');
  const { renderPlanPdf } = await import(pathToFileURL(file).href);
  const sizes = await planPdfSizes(renderPlanPdf);
  const named = async (firstName, lastName) => {
    const f = planFixture(32);
    f.view.user = { firstName, lastName };
    return (await renderPlanPdf(f.view, f.schools, f.generatedAt)).length;
  };
  const kb = (n) => Math.round(n / 102.4) / 10;
  h.record(
    'PDF size: Latin-only plan of 32 courses, now vs before the Unicode fonts',
    kb(sizes.plan32),
    kb(STANDARD_FONT_BYTES.plan32),
    1.2,
    'max',
    'KB',
    `one-course plan ${kb(sizes.plan1)} KB (before ${kb(STANDARD_FONT_BYTES.plan1)} KB); the 32-course plan for "Thị Minh Nguyễn" ${kb(await named('Thị Minh', 'Nguyễn'))} KB, for "王小明" ${kb(await named('小明', '王'))} KB`,
  );
}
