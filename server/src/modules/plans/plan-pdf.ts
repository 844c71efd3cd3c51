/**
 * The plan as an A4 portrait PDF drawn with pdf-lib: real text (searchable, sharp at any zoom,
 * a few kilobytes), a 50-point margin, every term with its courses (course_id, title, units,
 * grade), the totals and the prerequisite warnings. Long plans continue on further pages. Names and
 * titles in any script the fonts cover print as typed (@planner/shared/pdf-fonts).
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import type { School } from '../schools/school.entity.js';
import type { PlanView } from './plan-view.js';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';

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

export function renderPlanPdf(view: PlanView, schools: Map<number, School>, generatedAt: Date): Promise<Uint8Array> {
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.create();
    return draw(doc, await fontsFor(doc), view, schools, generatedAt);
  });
}

async function draw(doc: PDFDocument, fonts: ServerPdfFonts, view: PlanView, schools: Map<number, School>, generatedAt: Date): Promise<Uint8Array> {
  const name = `${view.user.firstName} ${view.user.lastName}`.trim();
  // A what-if plan says so on every page, so a printout is never taken for the official plan.
  const heading = view.whatIf ? `${name} - What-if plan: ${view.whatIf.name}` : `${name} - Academic Plan`;
  doc.setTitle(heading);
  doc.setAuthor('Pathway Planner');
  doc.setCreationDate(generatedAt);
  const bold: PdfFontStyle = 'sansBold';
  const w = new Writer(doc, fonts);

  w.text(heading, { size: 18, font: bold });
  w.gap(4);
  w.text(`Generated ${generatedAt.toISOString().slice(0, 10)}`, { size: 9, color: MUTED });
  w.gap(14);

  for (const term of view.terms) {
    w.ensure(44);
    w.band(`${term.label}`, `${term.courses.length} ${term.courses.length === 1 ? 'course' : 'courses'}, ${unitsText(term.units)}`);
    if (!term.courses.length) {
      w.text('No courses scheduled for this year.', { size: 9, color: MUTED, x: 6 });
      w.gap(10);
      continue;
    }
    w.row([
      { x: COLS.code, text: 'Course ID' }, { x: COLS.title, text: 'Title' }, { x: COLS.units, text: 'Units' },
      { x: COLS.grade, text: 'Grade' }, { x: COLS.done, text: 'Completed' },
    ], { font: bold, size: 8, color: MUTED });
    for (const e of term.courses) {
      const school = schools.get(e.course.schoolId);
      const title = school ? `${e.course.title} (${school.name})` : e.course.title;
      w.row([
        { x: COLS.code, text: e.course.courseId, width: COLS.title - 8 },
        { x: COLS.title, text: title, width: TITLE_WIDTH },
        { x: COLS.units, text: fmt(e.course.units) },
        { x: COLS.grade, text: e.grade || '-' },
        { x: COLS.done, text: e.completed ? 'Yes' : 'No' },
      ], { size: 9.5, rule: true });
    }
    w.gap(12);
  }

  w.ensure(40);
  w.text('Totals', { size: 12, font: bold });
  w.gap(4);
  w.text(
    `${view.entries.length} ${view.entries.length === 1 ? 'course' : 'courses'} in ${view.terms.length} ${view.terms.length === 1 ? 'term' : 'terms'}; ` +
      `${unitsText(view.totalUnits)} planned, ${unitsText(view.completedUnits)} completed.`,
    { size: 10 },
  );
  w.gap(14);

  w.ensure(40);
  w.text('Prerequisite Warnings', { size: 12, font: bold, color: view.warnings.length ? DANGER : INK });
  w.gap(4);
  if (!view.warnings.length) w.text('None: every prerequisite is scheduled in the same or an earlier term.', { size: 10, color: MUTED });
  for (const warning of view.warnings) w.paragraph(`- ${warning.message}`, { size: 10, color: DANGER });

  w.footers(heading);
  return doc.save({ useObjectStreams: false });
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
const unitsText = (n: number) => `${fmt(n)} ${n === 1 ? 'unit' : 'units'}`;

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

  footers(heading: string): void {
    this.pages.forEach((page, i) => {
      const text = `${heading} - page ${i + 1} of ${this.pages.length}`;
      this.fonts.draw(page, text, { x: MARGIN, y: MARGIN - 20, size: 8, style: 'sans', color: MUTED });
    });
  }
}
