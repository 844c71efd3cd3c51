/**
 * The consent form's preview in the browser (spec 3 §4): the template with the student information
 * drawn in from the field configuration, shown before the student signs. The signed PDF itself is
 * composed by the server from the typed name and drawn signature (consent-pdf.ts on the server);
 * what prefill draws is shared with it (@planner/shared/consent-prefill). Tested in prefill.test.ts.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import type { ConsentFieldConfig, ConsentFont, FieldPlacement } from '@planner/shared/consent-form';
import { formatDate, placementOptions, prefillTexts, type PrefillUser } from '@planner/shared/consent-prefill';

export {
  applyTransform, formatDate, formatDob, graduationYear, isBlank, normaliseColor, parseDob, parseGrade, placementOptions,
  prefillTexts, sourceValue, type PrefillText, type PrefillUser,
} from '@planner/shared/consent-prefill';

const FONT_NAMES: Record<ConsentFont, StandardFonts> = {
  times_roman: StandardFonts.TimesRoman,
  times_roman_italic: StandardFonts.TimesRomanItalic,
  helvetica: StandardFonts.Helvetica,
  courier: StandardFonts.Courier,
};

export function standardFont(font: ConsentFont): StandardFonts {
  const name = FONT_NAMES[font];
  if (!name) throw new Error(`Unknown font ${String(font)}`);
  return name;
}

class Drawer {
  private fonts = new Map<ConsentFont, Promise<PDFFont>>();
  constructor(readonly doc: PDFDocument) {}

  private font(font: ConsentFont): Promise<PDFFont> {
    const name = standardFont(font);
    let f = this.fonts.get(font);
    if (!f) {
      f = this.doc.embedFont(name);
      this.fonts.set(font, f);
    }
    return f;
  }

  async draw(text: string, placement: FieldPlacement): Promise<void> {
    const o = placementOptions(placement);
    if (o.page < 0 || o.page >= this.doc.getPageCount()) throw new Error(`The form has no page ${o.page + 1}`);
    const font = await this.font(placement.font);
    this.doc.getPage(o.page).drawText(text, { x: o.x, y: o.y, size: o.size, font, color: rgb(...o.color) });
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
  const doc = await PDFDocument.load(bytes);
  const drawer = new Drawer(doc);
  for (const { key, text, placement } of prefillTexts(config, user, now, log)) {
    try {
      await drawer.draw(text, placement);
    } catch (e) {
      log(`Could not prefill the field ${key}`, e);
    }
  }
  return save(doc);
}

/**
 * The staff template preview: sample names and the date at the signature placements, to check the
 * positions. Signed forms are composed by the server, never here.
 */
export async function previewSignatures(bytes: Uint8Array, config: ConsentFieldConfig, student: string, parent: string, now: Date = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const drawer = new Drawer(doc);
  await drawer.draw(student, config.student_signature.signature);
  await drawer.draw(formatDate(now), config.student_signature.date);
  await drawer.draw(parent, config.parent_signature.printed_name);
  await drawer.draw(parent, config.parent_signature.signature);
  await drawer.draw(formatDate(now), config.parent_signature.date);
  return save(doc);
}

/** A loaded field_config has the three parts the screens need. */
export function isFieldConfig(value: unknown): value is ConsentFieldConfig {
  const c = value as ConsentFieldConfig | null;
  return !!c && typeof c === 'object' && !!c.student_info && !!c.student_signature?.signature && !!c.parent_signature?.signature;
}
