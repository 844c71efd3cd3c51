/**
 * Draws the enrollment contract (the same sections the page shows) with every placed signature,
 * initial, name and date at its spot. Names print as typed in any script the fonts cover
 * (@planner/shared/pdf-fonts says which): a parent signs this as a legal document. The document
 * comes in the signer's language (contract-text.ts: headings and labels translated, the English
 * body kept); the lines this file adds (the parties, the page footer) follow the same language.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import type { ContractDocument, SpotName } from './contract-text.js';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';
import { message } from '../../messages/messages.js';

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const BODY = 10;
const LEADING = 14;

export interface ContractPdfInput {
  document: ContractDocument;
  placed: Record<SpotName, string>;
  studentName: string;
  parentName: string;
  parentEmail: string;
  completionDate: Date;
  publicUrl: string;
  /** The signer's language, the document's (a stored users.locale; anything unknown is English). */
  locale?: string;
}

export function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  return renderPdf(async (fontsFor) => {
    const pdf = await PDFDocument.create();
    return draw(pdf, await fontsFor(pdf), input);
  });
}

async function draw(pdf: PDFDocument, fonts: ServerPdfFonts, input: ContractPdfInput): Promise<Uint8Array> {
  pdf.setTitle(input.document.title);
  pdf.setAuthor('Dual School');
  pdf.setCreationDate(input.completionDate);
  const width = PAGE.width - 2 * MARGIN;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const paragraph = (text: string, style: PdfFontStyle = 'sans', size = BODY) => {
    for (const line of fonts.wrap(text, style, size, width)) {
      ensure(LEADING);
      fonts.draw(page, line, { x: MARGIN, y, size, style, color: rgb(0.1, 0.12, 0.2) });
      y -= size + 4;
    }
    y -= 4;
  };

  const locale = input.locale ?? 'en';
  paragraph(input.document.title, 'sansBold', 15);
  paragraph(
    message(locale, 'contract.pdf.parties', {
      student: input.studentName || message(locale, 'contract.pdf.enrolledStudent'),
      parent: input.parentName,
      email: input.parentEmail,
    }),
  );
  paragraph(input.document.intro);

  for (const section of input.document.sections) {
    ensure(40);
    y -= 6;
    paragraph(section.heading, 'sansBold', 12);
    for (const p of section.paragraphs) paragraph(p);
    if (section.link) paragraph(`${section.link.label}: ${input.publicUrl}${section.link.href}`);
    for (const spot of section.spots) {
      const value = input.placed[spot.name] ?? '';
      const large = spot.kind === 'signature' || spot.kind === 'initials';
      const boxX = MARGIN + 230;
      // A label longer than its column (translations run longer) wraps above the box's baseline.
      const label = fonts.wrap(message(locale, 'contract.pdf.spotLabel', { label: spot.label }), 'sansBold', BODY, boxX - MARGIN - 8);
      ensure(30 + (label.length - 1) * (BODY + 3));
      label.forEach((line, i) => fonts.draw(page, line, { x: MARGIN, y: y - 4 - i * (BODY + 3), size: BODY, style: 'sansBold' }));
      const boxWidth = spot.kind === 'initials' ? 90 : 240;
      page.drawRectangle({ x: boxX, y: y - 10, width: boxWidth, height: 24, color: rgb(1, 0.97, 0.8), borderColor: rgb(0.85, 0.7, 0.2), borderWidth: 1 });
      fonts.draw(page, value, {
        x: boxX + 6,
        y: y - 3,
        size: large ? 16 : 11,
        style: large ? 'serifItalic' : 'sans',
        color: rgb(0.05, 0.15, 0.45),
      });
      y -= 32 + Math.max(0, label.length - 2) * (BODY + 3);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const footer = message(locale, 'contract.pdf.footer', { title: input.document.title, page: i + 1, pages: pages.length });
    fonts.draw(p, footer, { x: MARGIN, y: 28, size: 8, style: 'sans', color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save();
}
