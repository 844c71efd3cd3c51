/**
 * The plan as an A4 portrait PDF drawn with pdf-lib: real text (searchable, sharp at any zoom,
 * a few kilobytes), a 50-point margin, every term with its courses (course_id, title, units,
 * grade), the totals and the prerequisite warnings. Long plans continue on further pages. Names and
 * titles in any script the fonts cover print as typed (@planner/shared/pdf-fonts).
 *
 * Every heading, column header, total and warning is in the reader's language, from the server's
 * message catalogues (server/src/messages, keys pdf.plan.*): the person at the keyboard, so a parent
 * or counselor viewing as a student reads their own language. What people typed prints exactly:
 * names, course ids and titles, school names, grades, and term labels other than the default ones
 * ("9th Grade"... "2nd Year", which are translated like any heading).
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import { defaultTermLabelKey } from '@planner/shared';
import type { School } from '../schools/school.entity.js';
import type { PlanView } from './plan-view.js';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';
import { message, messageLocale, type MessageKey, type MessageLocale, type MessageValues } from '../../messages/messages.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.11, 0.14, 0.2);
const MUTED = rgb(0.36, 0.39, 0.46);
const LINE = rgb(0.85, 0.87, 0.9);
const BAND = rgb(0.93, 0.95, 0.98);
const DANGER = rgb(0.71, 0.14, 0.09);

/** Columns of a term's table, from the left margin. */
const COLS = { code: 0, title: 80, units: 355, grade: 410, done: 460 };
const TITLE_WIDTH = COLS.units - COLS.title - 10;

/** The document's language tag (a PDF reader's text-to-speech reads it): Simplified Chinese script for zh. */
const PDF_LANGUAGE: Record<MessageLocale, string> = { en: 'en-US', es: 'es-US', vi: 'vi-VN', zh: 'zh-Hans' };

/** `locale`: the reader's language (a stored users.locale; anything unknown is English). */
/** A requirement's line of the PDF: its counts as the progress engine gave them (modules/pathways/progress.ts). */
export interface PdfRequirement {
  name: string;
  pathwayName: string;
  minimumGrade: string | null;
  doneCourses: number;
  plannedCourses: number;
  missingCourses: number;
}

export function renderPlanPdf(view: PlanView, schools: Map<number, School>, generatedAt: Date, locale = 'en', requirements: PdfRequirement[] = []): Promise<Uint8Array> {
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.create();
    return draw(doc, await fontsFor(doc), view, schools, generatedAt, locale, requirements);
  });
}

async function draw(
  doc: PDFDocument,
  fonts: ServerPdfFonts,
  view: PlanView,
  schools: Map<number, School>,
  generatedAt: Date,
  locale: string,
  requirements: PdfRequirement[],
): Promise<Uint8Array> {
  const t = (key: MessageKey, values?: MessageValues) => message(locale, key, values);
  const termLabel = (label: string) => {
    const key = defaultTermLabelKey(label);
    return key ? t(`term.${key}`) : label;
  };
  const units = (n: number) => t('pdf.plan.units', { units: n });
  const name = `${view.user.firstName} ${view.user.lastName}`.trim();
  // A what-if plan says so on every page, so a printout is never taken for the official plan.
  const title = view.whatIf ? t('pdf.plan.whatIfTitle', { name, plan: view.whatIf.name }) : t('pdf.plan.title', { name });
  doc.setTitle(title);
  doc.setAuthor('Pathway Planner');
  doc.setLanguage(PDF_LANGUAGE[messageLocale(locale)]);
  doc.setCreationDate(generatedAt);
  const bold: PdfFontStyle = 'sansBold';
  const w = new Writer(doc, fonts);

  w.text(title, { size: 18, font: bold });
  w.gap(4);
  w.text(t('pdf.plan.generated', { date: generatedAt.toISOString().slice(0, 10) }), { size: 9, color: MUTED });
  w.gap(14);

  for (const term of view.terms) {
    w.ensure(44);
    w.band(termLabel(term.label), t('pdf.plan.termSummary', { courses: term.courses.length, units: units(term.units) }));
    if (!term.courses.length) {
      w.text(t('pdf.plan.noCourses'), { size: 9, color: MUTED, x: 6 });
      w.gap(10);
      continue;
    }
    w.row(
      [
        { x: COLS.code, text: t('pdf.plan.column.courseId') },
        { x: COLS.title, text: t('pdf.plan.column.title') },
        { x: COLS.units, text: t('pdf.plan.column.units') },
        { x: COLS.grade, text: t('pdf.plan.column.grade') },
        { x: COLS.done, text: t('pdf.plan.column.completed') },
      ],
      { font: bold, size: 8, color: MUTED },
    );
    for (const e of term.courses) {
      const school = schools.get(e.course.schoolId);
      const title = school ? `${e.course.title} (${school.name})` : e.course.title;
      w.row(
        [
          { x: COLS.code, text: e.course.courseId, width: COLS.title - 8 },
          { x: COLS.title, text: title, width: TITLE_WIDTH },
          { x: COLS.units, text: fmt(e.course.units) },
          // A grade from the school's record says so (the student could not have typed it).
          { x: COLS.grade, text: e.source === 'record' ? `${e.grade || '-'} (${t('pdf.plan.fromRecord')})` : e.grade || '-', width: COLS.done - COLS.grade - 4 },
          { x: COLS.done, text: t(e.completed ? 'pdf.plan.yes' : 'pdf.plan.no') },
        ],
        { size: 9.5, rule: true },
      );
    }
    w.gap(12);
  }

  w.ensure(40);
  w.text(t('pdf.plan.totals'), { size: 12, font: bold });
  w.gap(4);
  w.paragraph(
    t('pdf.plan.totalsLine', { courses: view.entries.length, terms: view.terms.length, planned: units(view.totalUnits), completed: units(view.completedUnits) }),
    { size: 10 },
  );
  w.gap(14);

  w.ensure(40);
  w.text(t('pdf.plan.requirements'), { size: 12, font: bold });
  w.gap(4);
  if (!requirements.length) w.paragraph(t('pdf.plan.noRequirements'), { size: 10, color: MUTED });
  for (const r of requirements) {
    const line = t('pdf.plan.requirementLine', { name: r.name, pathway: r.pathwayName, done: r.doneCourses, planned: r.plannedCourses, missing: r.missingCourses });
    w.paragraph(`- ${line}${r.minimumGrade ? ` (${t('pdf.plan.minimumGrade', { grade: r.minimumGrade })})` : ''}`, { size: 10 });
  }
  w.gap(14);

  w.ensure(40);
  w.text(t('pdf.plan.warnings'), { size: 12, font: bold, color: view.warnings.length ? DANGER : INK });
  w.gap(4);
  if (!view.warnings.length) w.paragraph(t('pdf.plan.noWarnings'), { size: 10, color: MUTED });
  for (const warning of view.warnings) {
    w.paragraph(`- ${t('pdf.plan.warning', { title: warning.title, term: termLabel(warning.termLabel) })}`, { size: 10, color: DANGER });
  }

  w.footers((page, pages) => t('pdf.plan.footer', { title, page, pages }));
  return doc.save({ useObjectStreams: false });
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

interface TextOpts {
  size?: number;
  font?: PdfFontStyle;
  color?: ReturnType<typeof rgb>;
  x?: number;
}

/** Draws top to bottom and starts a new page when the next block would cross the bottom margin. */
class Writer {
  private page: PDFPage;
  private y: number;
  private readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: ServerPdfFonts,
  ) {
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    this.pages.push(page);
    this.y = A4[1] - MARGIN;
    return page;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN + 16) this.page = this.newPage();
  }

  gap(h: number): void {
    this.y -= h;
  }

  text(s: string, o: TextOpts = {}): void {
    const size = o.size ?? 10;
    this.ensure(size + 2);
    this.y -= size;
    this.fonts.draw(this.page, s, { x: MARGIN + (o.x ?? 0), y: this.y, size, style: o.font ?? 'sans', color: o.color ?? INK });
    this.y -= 3;
  }

  paragraph(s: string, o: TextOpts = {}): void {
    const size = o.size ?? 10;
    for (const line of this.fonts.wrap(s, o.font ?? 'sans', size, A4[0] - 2 * MARGIN)) this.text(line, o);
  }

  band(left: string, right: string): void {
    const h = 20;
    this.ensure(h + 4);
    this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: A4[0] - 2 * MARGIN, height: h, color: BAND });
    this.fonts.draw(this.page, left, { x: MARGIN + 6, y: this.y - 14, size: 11.5, style: 'sansBold', color: INK });
    const rw = this.fonts.width(right, 'sans', 9);
    this.fonts.draw(this.page, right, { x: A4[0] - MARGIN - 6 - rw, y: this.y - 13.5, size: 9, style: 'sans', color: MUTED });
    this.y -= h + 6;
  }

  row(cells: { x: number; text: string; width?: number }[], o: TextOpts & { rule?: boolean } = {}): void {
    const size = o.size ?? 9.5;
    const font = o.font ?? 'sans';
    const lineHeight = size + 3;
    const wrapped = cells.map((c) => (c.width ? this.fonts.wrap(c.text, font, size, c.width) : [c.text]));
    const lines = Math.max(...wrapped.map((l) => l.length));
    this.ensure(lines * lineHeight + 4);
    cells.forEach((c, i) => {
      wrapped[i].forEach((line, j) => {
        this.fonts.draw(this.page, line, { x: MARGIN + 6 + c.x, y: this.y - size - j * lineHeight, size, style: font, color: o.color ?? INK });
      });
    });
    this.y -= lines * lineHeight + 3;
    if (o.rule) this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.5, color: LINE });
    this.y -= 2;
  }

  footers(line: (page: number, pages: number) => string): void {
    this.pages.forEach((page, i) => {
      const text = line(i + 1, this.pages.length);
      this.fonts.draw(page, text, { x: MARGIN, y: MARGIN - 20, size: 8, style: 'sans', color: MUTED });
    });
  }
}
