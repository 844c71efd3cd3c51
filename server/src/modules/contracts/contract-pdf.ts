/**
 * Draws the enrollment contract (the same sections the page shows) with every placed signature,
 * initial, name and date at its spot, using pdf-lib's standard fonts.
 */
import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import type { ContractDocument, SpotName } from './contract-text.js';
import { wrapText } from '../../core/pdf-text.js';

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const BODY = 10;
const LEADING = 14;

/** The standard fonts encode WinAnsi only: anything else becomes '?' rather than failing the PDF. */
export function pdfSafe(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7E]/g, '?');
}

export interface ContractPdfInput {
  document: ContractDocument;
  placed: Record<SpotName, string>;
  studentName: string;
  parentName: string;
  parentEmail: string;
  completionDate: Date;
  publicUrl: string;
}

export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.document.title);
  pdf.setAuthor('Dual School');
  pdf.setCreationDate(input.completionDate);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const width = PAGE.width - 2 * MARGIN;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const paragraph = (text: string, font = regular, size = BODY) => {
    for (const line of wrapText(pdfSafe(text), font, size, width)) {
      ensure(LEADING);
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.12, 0.2) });
      y -= size + 4;
    }
    y -= 4;
  };

  paragraph(input.document.title, bold, 15);
  paragraph(`Student: ${input.studentName || 'the enrolled student'}    Parent/Guardian: ${input.parentName} (${input.parentEmail})`);
  paragraph(input.document.intro);

  for (const section of input.document.sections) {
    ensure(40);
    y -= 6;
    paragraph(section.heading, bold, 12);
    for (const p of section.paragraphs) paragraph(p);
    if (section.link) paragraph(`${section.link.label}: ${input.publicUrl}${section.link.href}`);
    for (const spot of section.spots) {
      const value = pdfSafe(input.placed[spot.name] ?? '');
      const large = spot.kind === 'signature' || spot.kind === 'initials';
      ensure(30);
      page.drawText(pdfSafe(`${spot.label}:`), { x: MARGIN, y: y - 4, size: BODY, font: bold });
      const boxX = MARGIN + 230;
      const boxWidth = spot.kind === 'initials' ? 90 : 240;
      page.drawRectangle({ x: boxX, y: y - 10, width: boxWidth, height: 24, color: rgb(1, 0.97, 0.8), borderColor: rgb(0.85, 0.7, 0.2), borderWidth: 1 });
      page.drawText(value, {
        x: boxX + 6, y: y - 3, size: large ? 16 : 11, font: large ? script : regular, color: rgb(0.05, 0.15, 0.45),
      });
      y -= 32;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawText(pdfSafe(`${input.document.title} - page ${i + 1} of ${pages.length}`), { x: MARGIN, y: 28, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save();
}
