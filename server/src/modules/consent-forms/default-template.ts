/**
 * The default consent template: a one-page dual-enrollment consent letter with labelled blanks
 * where DEFAULT_FIELD_CONFIG places the prefilled student information and the signatures. It is
 * generated with pdf-lib the first time a school without its own template needs it, then stored
 * in the database like any uploaded template.
 *
 * Languages (decision): the letter is a consent whose English wording is the spec's, and no reviewed
 * translation of it exists. The stored default is English. A form that a student reading Spanish,
 * Vietnamese or Chinese signs (and the unsigned form they open) is drawn on this same letter
 * generated in their language, from the server catalogues (keys consent.template.*): the title, the
 * subtitle and each section heading in their language with the English heading kept, every blank's
 * label and the closing line in their language, and a sentence saying the English text binds. The
 * paragraphs stay the English text. The blanks and signature lines sit where DEFAULT_FIELD_CONFIG
 * expects them in every language (a label too long for its space is printed smaller), so the
 * prefilled values and signatures land in the same places. The parent signs the form the student
 * signed, in the student's language.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';
import { DEFAULT_BLANK_X, DEFAULT_PARENT_NAME_Y, DEFAULT_PARENT_SIGNATURE_Y, DEFAULT_STUDENT_SIGNATURE_Y, DEFAULT_TEMPLATE_BLANKS } from '@planner/shared/consent-form';
import { message, messageLocale, type MessageKey } from '../../messages/messages.js';

const LEFT = 72;
const RIGHT = 540;
const GREY = rgb(0.35, 0.35, 0.35);

/** The letter's text, through the same fonts as every PDF (the English letter is WinAnsi and embeds no font). */
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

  /** Text no wider than `width`: printed smaller when it would be (a translation running longer). */
  fit(text: string, x: number, y: number, size: number, width: number, style: PdfFontStyle = 'sans', color?: ReturnType<typeof rgb>): void {
    const natural = this.fonts.width(text, style, size);
    this.text(text, x, y, natural > width ? Math.max(6, (size * width) / natural) : size, style, color);
  }

  blank(label: string, y: number, from: number, to: number, labelX = LEFT): void {
    this.fit(label, labelX, y, 10.5, from - labelX - 4);
    this.page.drawLine({ start: { x: from, y: y - 2 }, end: { x: to, y: y - 2 }, thickness: 0.7, color: GREY });
  }
}

/** The letter in `locale` (a stored users.locale; anything unknown is English, the stored default's). */
export function generateDefaultTemplate(locale: string = 'en'): Promise<Uint8Array> {
  const lang = messageLocale(locale);
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.create();
    doc.setTitle(message(lang, 'consent.template.title'));
    doc.setCreator('Pathway Planner');
    doc.setProducer('Pathway Planner');
    const page = doc.addPage([612, 792]);
    draw(new Letter(page, await fontsFor(doc)), lang);
    return doc.save();
  });
}

function draw(l: Letter, lang: string): void {
  const t = (key: MessageKey) => message(lang, key);
  const english = lang === 'en';
  // A heading in the reader's language with the English after it; English alone for English.
  const heading = (key: MessageKey) => (english ? t(key) : `${t(key)} / ${message('en', key)}`);
  let y = 682;
  if (english) {
    l.text(t('consent.template.title'), LEFT, 730, 18, 'sansBold');
    l.text(t('consent.template.subtitle'), LEFT, 710, 11, 'sans', GREY);
  } else {
    l.fit(t('consent.template.title'), LEFT, 740, 18, RIGHT - LEFT, 'sansBold');
    l.fit(message('en', 'consent.template.title'), LEFT, 724, 10.5, RIGHT - LEFT, 'sans', GREY);
    l.fit(t('consent.template.subtitle'), LEFT, 710, 10.5, RIGHT - LEFT, 'sans', GREY);
    l.fit(t('legal.englishGoverns'), LEFT, 696, 9, RIGHT - LEFT, 'sans', GREY);
    y = 678;
  }

  y = l.paragraph(
    "Dual enrollment lets a high school student take community college courses and earn high school and college credit at the same time. Courses are taught at college level: grades become part of the student's permanent college transcript, and the student is expected to follow the college's policies, attendance rules and deadlines.",
    y,
  );
  y -= 6;
  l.paragraph(
    "By signing below, the student and the parent or guardian agree that the student may enroll in the dual-enrollment courses listed in the student's academic plan, and that the high school and the college may share the enrollment, attendance and grade records needed to run the program. This consent can be withdrawn in writing to the school's counseling office at any time.",
    y,
  );

  l.fit(heading('consent.template.studentInformation'), LEFT, 548, 13, RIGHT - LEFT, 'sansBold');
  for (const [key, { y: by }] of Object.entries(DEFAULT_TEMPLATE_BLANKS)) {
    l.blank(`${t(`consent.template.blank.${key}` as MessageKey)}${COLON[lang] ?? ':'}`, by, DEFAULT_BLANK_X, RIGHT);
  }

  l.fit(heading('consent.template.studentAcknowledgment'), LEFT, 340, 13, RIGHT - LEFT, 'sansBold');
  l.paragraph(
    'I have discussed dual enrollment with my parent or guardian. I understand that college grades are permanent and I agree to follow the policies of the college and of my high school.',
    320,
  );
  l.blank(`${t('consent.template.studentSignature')}${COLON[lang] ?? ':'}`, DEFAULT_STUDENT_SIGNATURE_Y, 180, 400);
  l.blank(`${t('consent.template.date')}${COLON[lang] ?? ':'}`, DEFAULT_STUDENT_SIGNATURE_Y, 450, RIGHT, 416);

  l.fit(heading('consent.template.parentConsent'), LEFT, 218, 13, RIGHT - LEFT, 'sansBold');
  l.paragraph('I give permission for my child to take part in dual enrollment as described above.', 198);
  l.blank(`${t('consent.template.parentPrintedName')}${COLON[lang] ?? ':'}`, DEFAULT_PARENT_NAME_Y, 240, RIGHT);
  l.blank(`${t('consent.template.parentSignature')}${COLON[lang] ?? ':'}`, DEFAULT_PARENT_SIGNATURE_Y, 240, 400);
  l.blank(`${t('consent.template.date')}${COLON[lang] ?? ':'}`, DEFAULT_PARENT_SIGNATURE_Y, 450, RIGHT, 416);

  l.fit(t('consent.template.questions'), LEFT, 64, 9, RIGHT - LEFT, 'sans', GREY);
}

/** The colon after a label: Chinese writes the full-width one. */
const COLON: Record<string, string> = { zh: '：' };
