/**
 * Draws the enrollment contract (the same sections the page shows) with every placed signature,
 * initial, name and date at its spot. Names print as typed in any script the fonts cover
 * (@planner/shared/pdf-fonts says which): a parent signs this as a legal document.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import type { ContractDocument, SpotName } from './contract-text.js';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';

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

  paragraph(input.document.title, 'sansBold', 15);
  paragraph(`Student: ${input.studentName || 'the enrolled student'}    Parent/Guardian: ${input.parentName} (${input.parentEmail})`);
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
      ensure(30);
      fonts.draw(page, `${spot.label}:`, { x: MARGIN, y: y - 4, size: BODY, style: 'sansBold' });
      const boxX = MARGIN + 230;
      const boxWidth = spot.kind === 'initials' ? 90 : 240;
      page.drawRectangle({ x: boxX, y: y - 10, width: boxWidth, height: 24, color: rgb(1, 0.97, 0.8), borderColor: rgb(0.85, 0.7, 0.2), borderWidth: 1 });
      fonts.draw(page, value, {
        x: boxX + 6, y: y - 3, size: large ? 16 : 11, style: large ? 'serifItalic' : 'sans', color: rgb(0.05, 0.15, 0.45),
      });
      y -= 32;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    fonts.draw(p, `${input.document.title} - page ${i + 1} of ${pages.length}`, { x: MARGIN, y: 28, size: 8, style: 'sans', color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save();
}
