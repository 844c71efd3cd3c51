/**
 * A family's statement for a school year as an A4 PDF drawn with pdf-lib: real text (searchable,
 * extractable), one row per line (date, description, Stripe reference, amount, running balance),
 * the totals and the balance. Long statements continue on further pages with the column headers
 * repeated. Headings, descriptions, dates and money are in the reader's language and its formats
 * (server catalogues, keys pdf.statement.* and statement.line.*); names and reasons print as typed.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';
import { message, messageLocale, type MessageKey, type MessageLocale, type MessageValues } from '../../messages/messages.js';
import type { StatementView } from './statement.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.11, 0.14, 0.2);
const MUTED = rgb(0.36, 0.39, 0.46);
const LINE = rgb(0.85, 0.87, 0.9);
const PDF_LANGUAGE: Record<MessageLocale, string> = { en: 'en-US', es: 'es-US', vi: 'vi-VN', zh: 'zh-Hans' };

/** Left edges of the text columns; amount and balance are right-aligned to their right edges. */
const COL = { date: 0, description: 64, reference: 270 };
const RIGHT = { amount: 430, balance: WIDTH };
const WIDTHS = { date: 60, description: 200, reference: 108 };

export function renderStatementPdf(view: StatementView, generatedAt: Date): Promise<Uint8Array> {
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.create();
    return draw(doc, await fontsFor(doc), view, generatedAt);
  });
}

async function draw(doc: PDFDocument, fonts: ServerPdfFonts, view: StatementView, generatedAt: Date): Promise<Uint8Array> {
  const t = (key: MessageKey, values?: MessageValues) => message(view.locale, key, values);
  const money = (cents: number) => t('pdf.statement.money', { amount: cents / 100 });
  // A YYYY-MM-DD day printed as that day wherever the server runs (noon UTC, formatted in UTC).
  const day = (d: string) => t('pdf.statement.date', { date: new Date(`${d}T12:00:00Z`) });
  const title = t('pdf.statement.title', { year: view.schoolYear ?? '', name: view.familyName });
  doc.setTitle(title);
  doc.setAuthor(view.schoolName || 'Dual School');
  doc.setLanguage(PDF_LANGUAGE[messageLocale(view.locale)]);
  doc.setCreationDate(generatedAt);

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
  };
  const text = (s: string, o: { size?: number; font?: PdfFontStyle; color?: ReturnType<typeof rgb>; x?: number } = {}) => {
    const size = o.size ?? 10;
    for (const line of fonts.wrap(s, o.font ?? 'sans', size, WIDTH)) {
      if (y - size < MARGIN + 16) newPage();
      y -= size;
      fonts.draw(page, line, { x: MARGIN + (o.x ?? 0), y, size, style: o.font ?? 'sans', color: o.color ?? INK });
      y -= 4;
    }
  };
  const row = (
    cells: { date: string; description: string; reference: string; amount: string; balance: string },
    o: { font?: PdfFontStyle; color?: ReturnType<typeof rgb> },
  ) => {
    const size = 8.5;
    const font = o.font ?? 'sans';
    const lh = size + 3;
    const wrapped = {
      date: fonts.wrap(cells.date, font, size, WIDTHS.date),
      description: fonts.wrap(cells.description, font, size, WIDTHS.description),
      // References are one long word: printed smaller so Stripe's ids fit.
      reference: fonts.wrap(cells.reference, font, 7, WIDTHS.reference),
    };
    const lines = Math.max(wrapped.date.length, wrapped.description.length, wrapped.reference.length, 1);
    if (y - lines * lh - 6 < MARGIN + 16) {
      newPage();
      header();
    }
    const draw = (s: string, x: number, j: number, sz = size) =>
      fonts.draw(page, s, { x: MARGIN + x, y: y - size - j * lh, size: sz, style: font, color: o.color ?? INK });
    wrapped.date.forEach((l, j) => draw(l, COL.date, j));
    wrapped.description.forEach((l, j) => draw(l, COL.description, j));
    wrapped.reference.forEach((l, j) => draw(l, COL.reference, j, 7));
    draw(cells.amount, RIGHT.amount - fonts.width(cells.amount, font, size), 0);
    draw(cells.balance, RIGHT.balance - fonts.width(cells.balance, font, size), 0);
    y -= lines * lh + 3;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: LINE });
    y -= 2;
  };
  const header = () =>
    row(
      {
        date: t('pdf.statement.column.date'),
        description: t('pdf.statement.column.description'),
        reference: t('pdf.statement.column.reference'),
        amount: t('pdf.statement.column.amount'),
        balance: t('pdf.statement.column.balance'),
      },
      { font: 'sansBold', color: MUTED },
    );

  newPage();
  text(title, { size: 16, font: 'sansBold' });
  y -= 2;
  text(t('pdf.statement.school', { school: view.schoolName, date: generatedAt }), { size: 9, color: MUTED });
  y -= 12;
  if (!view.lines.length) text(t('pdf.statement.empty'), { size: 10, color: MUTED });
  else {
    header();
    for (const l of view.lines) {
      row({ date: day(l.date), description: l.description, reference: l.reference ?? '', amount: money(l.amountCents), balance: money(l.balanceCents) }, {});
    }
  }
  y -= 12;
  const s = view.totals;
  text(t('pdf.statement.totals', { due: s.dueCents / 100, paid: s.paidCents / 100, credited: s.creditedCents / 100, refunded: s.refundedCents / 100 }), { size: 9.5 });
  y -= 4;
  text(t('pdf.statement.balance', { amount: s.balanceCents / 100 }), { size: 12, font: 'sansBold' });

  pages.forEach((p, i) =>
    fonts.draw(p, t('pdf.statement.footer', { title, page: i + 1, pages: pages.length }), { x: MARGIN, y: MARGIN - 20, size: 8, style: 'sans', color: MUTED }),
  );
  return doc.save({ useObjectStreams: false });
}
