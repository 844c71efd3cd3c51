/**
 * The default consent template: a one-page dual-enrollment consent letter with labelled blanks
 * where DEFAULT_FIELD_CONFIG places the prefilled student information and the signatures. It is
 * generated with pdf-lib the first time a school without its own template needs it, then stored
 * in the database like any uploaded template.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrapText } from '../../core/pdf-text.js';
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

function paragraph(page: PDFPage, text: string, font: PDFFont, y: number, size = 10.5, leading = 13.5): number {
  for (const line of wrapText(text, font, size, RIGHT - LEFT)) {
    page.drawText(line, { x: LEFT, y, size, font });
    y -= leading;
  }
  return y;
}

function blank(page: PDFPage, label: string, font: PDFFont, y: number, from: number, to: number, labelX = LEFT): void {
  page.drawText(label, { x: labelX, y, size: 10.5, font });
  page.drawLine({ start: { x: from, y: y - 2 }, end: { x: to, y: y - 2 }, thickness: 0.7, color: GREY });
}

export async function generateDefaultTemplate(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Parent/Guardian Consent for Dual Enrollment');
  doc.setCreator('Pathway Planner');
  doc.setProducer('Pathway Planner');
  const page = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  page.drawText('Parent/Guardian Consent for Dual Enrollment', { x: LEFT, y: 730, size: 18, font: bold });
  page.drawText('Community college courses taken while in high school', { x: LEFT, y: 710, size: 11, font: regular, color: GREY });

  let y = 682;
  y = paragraph(page, 'Dual enrollment lets a high school student take community college courses and earn high school and college credit at the same time. Courses are taught at college level: grades become part of the student\'s permanent college transcript, and the student is expected to follow the college\'s policies, attendance rules and deadlines.', regular, y);
  y -= 6;
  paragraph(page, 'By signing below, the student and the parent or guardian agree that the student may enroll in the dual-enrollment courses listed in the student\'s academic plan, and that the high school and the college may share the enrollment, attendance and grade records needed to run the program. This consent can be withdrawn in writing to the school\'s counseling office at any time.', regular, y);

  page.drawText('Student Information', { x: LEFT, y: 548, size: 13, font: bold });
  for (const { label, y: by } of Object.values(DEFAULT_TEMPLATE_BLANKS)) {
    blank(page, `${label}:`, regular, by, DEFAULT_BLANK_X, RIGHT);
  }

  page.drawText('Student Acknowledgment', { x: LEFT, y: 340, size: 13, font: bold });
  paragraph(page, 'I have discussed dual enrollment with my parent or guardian. I understand that college grades are permanent and I agree to follow the policies of the college and of my high school.', regular, 320);
  blank(page, 'Student Signature:', regular, DEFAULT_STUDENT_SIGNATURE_Y, 180, 400);
  blank(page, 'Date:', regular, DEFAULT_STUDENT_SIGNATURE_Y, 450, RIGHT, 416);

  page.drawText('Parent/Guardian Consent', { x: LEFT, y: 218, size: 13, font: bold });
  paragraph(page, 'I give permission for my child to take part in dual enrollment as described above.', regular, 198);
  blank(page, 'Parent/Guardian Printed Name:', regular, DEFAULT_PARENT_NAME_Y, 240, RIGHT);
  blank(page, 'Parent/Guardian Signature:', regular, DEFAULT_PARENT_SIGNATURE_Y, 240, 400);
  blank(page, 'Date:', regular, DEFAULT_PARENT_SIGNATURE_Y, 450, RIGHT, 416);

  page.drawText('Questions? Ask your school counselor. Keep a copy of the signed form for your records.', {
    x: LEFT, y: 64, size: 9, font: regular, color: GREY,
  });
  return doc.save();
}
