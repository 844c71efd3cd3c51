/**
 * The default consent template: a one-page dual-enrollment consent letter with labelled blanks
 * where DEFAULT_FIELD_CONFIG places the prefilled student information and the signatures. It is
 * generated with pdf-lib the first time a school without its own template needs it, then stored
 * in the database like any uploaded template.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';
import {
  DEFAULT_BLANK_X,
  DEFAULT_PARENT_NAME_Y,
  DEFAULT_PARENT_SIGNATURE_Y,
  DEFAULT_STUDENT_SIGNATURE_Y,
  DEFAULT_TEMPLATE_BLANKS,
} from '@planner/shared/consent-form';

const LEFT = 72;
const RIGHT = 540;
const GREY = rgb(0.35, 0.35, 0.35);

/** The letter's text, through the same fonts as every PDF (its own wording is English, so WinAnsi). */
class Letter {
  constructor(
    readonly page: PDFPage,
    readonly fonts: ServerPdfFonts,
  ) {}

  text(text: string, x: number, y: number, size: number, style: PdfFontStyle = 'sans', color?: ReturnType<typeof rgb>): void {
    this.fonts.draw(this.page, text, { x, y, size, style, color });
  }

  paragraph(text: string, y: number, size = 10.5, leading = 13.5): number {
    for (const line of this.fonts.wrap(text, 'sans', size, RIGHT - LEFT)) {
      this.text(line, LEFT, y, size);
      y -= leading;
    }
    return y;
  }

  blank(label: string, y: number, from: number, to: number, labelX = LEFT): void {
    this.text(label, labelX, y, 10.5);
    this.page.drawLine({ start: { x: from, y: y - 2 }, end: { x: to, y: y - 2 }, thickness: 0.7, color: GREY });
  }
}

export function generateDefaultTemplate(): Promise<Uint8Array> {
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.create();
    doc.setTitle('Parent/Guardian Consent for Dual Enrollment');
    doc.setCreator('Pathway Planner');
    doc.setProducer('Pathway Planner');
    const page = doc.addPage([612, 792]);
    draw(new Letter(page, await fontsFor(doc)));
    return doc.save();
  });
}

function draw(l: Letter): void {
  l.text('Parent/Guardian Consent for Dual Enrollment', LEFT, 730, 18, 'sansBold');
  l.text('Community college courses taken while in high school', LEFT, 710, 11, 'sans', GREY);

  let y = 682;
  y = l.paragraph('Dual enrollment lets a high school student take community college courses and earn high school and college credit at the same time. Courses are taught at college level: grades become part of the student\'s permanent college transcript, and the student is expected to follow the college\'s policies, attendance rules and deadlines.', y);
  y -= 6;
  l.paragraph('By signing below, the student and the parent or guardian agree that the student may enroll in the dual-enrollment courses listed in the student\'s academic plan, and that the high school and the college may share the enrollment, attendance and grade records needed to run the program. This consent can be withdrawn in writing to the school\'s counseling office at any time.', y);

  l.text('Student Information', LEFT, 548, 13, 'sansBold');
  for (const { label, y: by } of Object.values(DEFAULT_TEMPLATE_BLANKS)) {
    l.blank(`${label}:`, by, DEFAULT_BLANK_X, RIGHT);
  }

  l.text('Student Acknowledgment', LEFT, 340, 13, 'sansBold');
  l.paragraph('I have discussed dual enrollment with my parent or guardian. I understand that college grades are permanent and I agree to follow the policies of the college and of my high school.', 320);
  l.blank('Student Signature:', DEFAULT_STUDENT_SIGNATURE_Y, 180, 400);
  l.blank('Date:', DEFAULT_STUDENT_SIGNATURE_Y, 450, RIGHT, 416);

  l.text('Parent/Guardian Consent', LEFT, 218, 13, 'sansBold');
  l.paragraph('I give permission for my child to take part in dual enrollment as described above.', 198);
  l.blank('Parent/Guardian Printed Name:', DEFAULT_PARENT_NAME_Y, 240, RIGHT);
  l.blank('Parent/Guardian Signature:', DEFAULT_PARENT_SIGNATURE_Y, 240, 400);
  l.blank('Date:', DEFAULT_PARENT_SIGNATURE_Y, 450, RIGHT, 416);

  l.text('Questions? Ask your school counselor. Keep a copy of the signed form for your records.', LEFT, 64, 9, 'sans', GREY);
}
