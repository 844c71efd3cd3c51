/**
 * The consent form's preview in the browser (spec 3 §4): the template with the student information
 * drawn in from the field configuration, shown before the student signs. The signed PDF itself is
 * composed by the server from the typed name and drawn signature (consent-pdf.ts on the server);
 * what prefill draws is shared with it (@planner/shared/consent-prefill), and so are the fonts
 * (@planner/shared/pdf-fonts: names in any script the server prints, the same way; the font files
 * are fetched only for text beyond WinAnsi, see ../../pdf/pdf-fonts.ts). Tested in prefill.test.ts.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import type { ConsentFieldConfig, ConsentFont, FieldPlacement } from '@planner/shared/consent-form';
import { formatDate, placementOptions, prefillTexts, type PrefillUser } from '@planner/shared/consent-prefill';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import { renderPdf, type ClientPdfFonts } from '../../pdf/pdf-fonts';

export {
  applyTransform,
  formatDate,
  formatDob,
  graduationYear,
  isBlank,
  normaliseColor,
  parseDob,
  parseGrade,
  placementOptions,
  prefillTexts,
  sourceValue,
  type PrefillText,
  type PrefillUser,
} from '@planner/shared/consent-prefill';

/** A placement's font; text beyond WinAnsi prints in the matching Noto Sans face, as on the server. */
const FONT_STYLES: Record<ConsentFont, PdfFontStyle> = {
  times_roman: 'serif',
  times_roman_italic: 'serifItalic',
  helvetica: 'sans',
  courier: 'mono',
};

export function fontStyle(font: ConsentFont): PdfFontStyle {
  const style = FONT_STYLES[font];
  if (!style) throw new Error(`Unknown font ${String(font)}`);
  return style;
}

class Drawer {
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: ClientPdfFonts,
  ) {}

  draw(text: string, placement: FieldPlacement): void {
    const o = placementOptions(placement);
    if (o.page < 0 || o.page >= this.doc.getPageCount()) throw new Error(`The form has no page ${o.page + 1}`);
    this.fonts.draw(this.doc.getPage(o.page), text, { x: o.x, y: o.y, size: o.size, style: fontStyle(placement.font), color: rgb(...o.color) });
  }
}

const save = (doc: PDFDocument) => doc.save({ useObjectStreams: false });

/** The template with the student information drawn in; a field that fails is logged and left empty. */
export async function prefillPdf(
  bytes: Uint8Array,
  config: ConsentFieldConfig,
  user: PrefillUser,
  now: Date = new Date(),
  log: (...args: unknown[]) => void = console.error,
): Promise<Uint8Array> {
  const logged = new Set<string>();
  const texts = prefillTexts(config, user, now, log);
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.load(bytes);
    const drawer = new Drawer(doc, await fontsFor(doc));
    for (const { key, text, placement } of texts) {
      try {
        drawer.draw(text, placement);
      } catch (e) {
        // Logged once: a second drawing (with the Unicode fonts) fails the same fields.
        if (!logged.has(key)) log(`Could not prefill the field ${key}`, e);
        logged.add(key);
      }
    }
    return save(doc);
  });
}

/**
 * The staff template preview: sample names and the date at the signature placements, to check the
 * positions. Signed forms are composed by the server, never here.
 */
export async function previewSignatures(bytes: Uint8Array, config: ConsentFieldConfig, student: string, parent: string, now: Date = new Date()): Promise<Uint8Array> {
  return renderPdf(async (fontsFor) => {
    const doc = await PDFDocument.load(bytes);
    const drawer = new Drawer(doc, await fontsFor(doc));
    drawer.draw(student, config.student_signature.signature);
    drawer.draw(formatDate(now), config.student_signature.date);
    drawer.draw(parent, config.parent_signature.printed_name);
    drawer.draw(parent, config.parent_signature.signature);
    drawer.draw(formatDate(now), config.parent_signature.date);
    return save(doc);
  });
}

/** A loaded field_config has the three parts the screens need. */
export function isFieldConfig(value: unknown): value is ConsentFieldConfig {
  const c = value as ConsentFieldConfig | null;
  return !!c && typeof c === 'object' && !!c.student_info && !!c.student_signature?.signature && !!c.parent_signature?.signature;
}
