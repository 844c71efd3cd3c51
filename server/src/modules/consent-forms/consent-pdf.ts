/**
 * The signed consent form, composed on the server with pdf-lib: the template (or the form as the
 * student signed it) with the student information, the typed name, the drawn strokes and the date
 * at the field configuration's placements, followed by one page that prints the audit trail. Each
 * signature replaces the previous trail page with a new one, so the stored PDF always has the
 * template's pages plus exactly one trail page.
 */
import crypto from 'node:crypto';
import { LineCapStyle, PDFArray, PDFDocument, PDFRawStream, rgb, type PDFPage } from 'pdf-lib';
import { renderPdf, type ServerPdfFonts } from '../../core/pdf-fonts.js';
import type { ConsentFieldConfig, ConsentFont, FieldPlacement } from '@planner/shared/consent-form';
import type { PdfFontStyle } from '@planner/shared/pdf-fonts';
import { formatDate, placementOptions, prefillTexts, type PrefillUser } from '@planner/shared/consent-prefill';
import type { SignatureInput, Stroke } from './consent-signature.js';

/** A placement's font; text beyond WinAnsi prints in the matching Noto Sans face (@planner/shared/pdf-fonts). */
const FONTS: Record<ConsentFont, PdfFontStyle> = {
  times_roman: 'serif',
  times_roman_italic: 'serifItalic',
  helvetica: 'sans',
  courier: 'mono',
};

/** The drawing pad's box on the page, in points: the strokes sit on the signature line. */
const PAD = { width: 150, height: 30 };

export interface TrailSignature {
  role: 'student' | 'parent';
  typedName: string;
  printedName: string | null;
  drawnStrokes: number;
  userId: number | null;
  signedAt: Date;
  clientIp: string;
  userAgent: string;
}

export interface ConsentTrail {
  formId: string;
  student: { id: number; name: string };
  school: string;
  signatures: TrailSignature[];
  /** The request to the parent, once the student has signed. */
  request: {
    sentAt: Date;
    phone: string | null;
    phoneSetAt: Date | null;
    notifiedParents: { id: number; name: string; email: string }[];
  } | null;
}

class Composer {
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: ServerPdfFonts,
  ) {}

  private page(p: FieldPlacement): PDFPage {
    const index = p.page ?? 0;
    if (index < 0 || index >= this.doc.getPageCount()) throw new Error(`The form has no page ${index + 1}`);
    return this.doc.getPage(index);
  }

  text(text: string, p: FieldPlacement, size?: number, dy = 0): void {
    const o = placementOptions(p);
    this.fonts.draw(this.page(p), text, { x: o.x, y: o.y + dy, size: size ?? o.size, style: FONTS[p.font] ?? 'sans', color: rgb(...o.color) });
  }

  strokes(strokes: Stroke[], p: FieldPlacement): void {
    const o = placementOptions(p);
    const path = strokes.map((s) => s.map(([x, y], i) => `${i ? 'L' : 'M'}${(x * PAD.width).toFixed(2)} ${(y * PAD.height).toFixed(2)}`).join(' ')).join(' ');
    // SVG coordinates run downwards from (x, y): the pad's top-left corner, its bottom on the line.
    this.page(p).drawSvgPath(path, { x: o.x, y: o.y - 3 + PAD.height, borderColor: rgb(...o.color), borderWidth: 1.1, borderLineCap: LineCapStyle.Round });
  }

  /** A signature: the drawn strokes with the typed name printed small beneath, or the typed name alone. */
  signature(sig: SignatureInput, p: FieldPlacement): void {
    if (sig.strokes.length) {
      this.strokes(sig.strokes, p);
      this.text(sig.name, { ...p, font: 'helvetica' }, 7, -12);
    } else {
      this.text(sig.name, p);
    }
  }
}

const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export function trailLines(t: ConsentTrail): { text: string; heading?: boolean }[] {
  const out: { text: string; heading?: boolean }[] = [
    { text: 'Signature record', heading: true },
    { text: `Form ${t.formId}. Student: ${t.student.name} (user #${t.student.id}), ${t.school}. Times are UTC.` },
  ];
  const signature = (s: TrailSignature) => {
    out.push({ text: s.role === 'student' ? 'Student signature' : 'Parent/guardian signature', heading: true });
    out.push({ text: `Typed name: ${s.typedName}` });
    if (s.printedName !== null) out.push({ text: `Printed name: ${s.printedName}` });
    out.push({ text: `Drawn signature: ${s.drawnStrokes ? `${s.drawnStrokes} stroke${s.drawnStrokes === 1 ? '' : 's'}` : 'none (typed name only)'}` });
    out.push({ text: `Signed at: ${utc(s.signedAt)}` });
    out.push({ text: s.userId === null ? 'Signed in: no (through the texted link)' : `Signed in as user #${s.userId}` });
    out.push({ text: `Client address: ${s.clientIp}` });
    out.push({ text: `Browser: ${s.userAgent || 'not given'}` });
  };
  const student = t.signatures.find((s) => s.role === 'student');
  if (student) signature(student);
  if (t.request) {
    const r = t.request;
    out.push({ text: 'Request sent to the parent/guardian', heading: true });
    out.push({ text: `Sent at: ${utc(r.sentAt)}` });
    out.push({
      text: r.phone
        ? `Text message to: ${r.phone} (phone entered by the student ${r.phoneSetAt ? `at ${utc(r.phoneSetAt)}` : 'at a time not recorded'})`
        : 'Text message: none (no guardian phone)',
    });
    out.push({ text: `Linked parent accounts emailed: ${r.notifiedParents.length ? '' : 'none'}`.trim() });
    for (const p of r.notifiedParents) out.push({ text: `- ${p.name} <${p.email}> (user #${p.id})` });
  }
  const parent = t.signatures.find((s) => s.role === 'parent');
  if (parent) signature(parent);
  return out;
}

function addTrailPage(c: Composer, trail: ConsentTrail): void {
  const first = c.doc.getPage(0);
  const { width, height } = first.getSize();
  const page = c.doc.addPage([width, height]);
  const left = 54;
  let y = height - 60;
  for (const line of trailLines(trail)) {
    const style = line.heading ? 'sansBold' : 'sans';
    const size = line.heading ? 12 : 9.5;
    if (line.heading) y -= 8;
    for (const part of c.fonts.wrap(line.text, style, size, width - 2 * left)) {
      if (y < 40) return; // a trail longer than a page is cut (bounded inputs keep it far shorter)
      c.fonts.draw(page, part, { x: line.heading ? left : left + 10, y, size, style });
      y -= size + 4;
    }
  }
}

export interface ComposeRequest {
  /** The PDF signed onto: the template for the student, the stored form for the parent. */
  base: Uint8Array;
  /** The form's own pages (the template's); any page after them is a previous trail, dropped. */
  contentPages: number;
  config: ConsentFieldConfig;
  role: 'student' | 'parent';
  signature: SignatureInput;
  /** The student information drawn in (the student's signature only). */
  prefill?: PrefillUser;
  now: Date;
  trail: ConsentTrail;
}

/** The signed PDF. A field that cannot be drawn (a placement off the page) is an error: nothing is saved. */
export function composeSignedPdf(r: ComposeRequest): Promise<Buffer> {
  return renderPdf(async (fontsFor) => {
    // Only the form's own pages are copied into a new document: a previous trail page (and any object
    // nothing refers to) is left behind rather than kept in the file unseen.
    const source = await PDFDocument.load(r.base, { updateMetadata: false });
    const doc = await PDFDocument.create();
    const title = source.getTitle();
    if (title) doc.setTitle(title);
    const keep = Math.min(r.contentPages, source.getPageCount());
    for (const page of await doc.copyPages(
      source,
      Array.from({ length: keep }, (_, i) => i),
    ))
      doc.addPage(page);
    const c = new Composer(doc, await fontsFor(doc));
    if (r.prefill) {
      for (const { text, placement } of prefillTexts(r.config, r.prefill, r.now, () => undefined)) c.text(text, placement);
    }
    if (r.role === 'student') {
      c.signature(r.signature, r.config.student_signature.signature);
      c.text(formatDate(r.now), r.config.student_signature.date);
    } else {
      c.text(r.signature.printedName ?? r.signature.name, r.config.parent_signature.printed_name);
      c.signature(r.signature, r.config.parent_signature.signature);
      c.text(formatDate(r.now), r.config.parent_signature.date);
    }
    addTrailPage(c, r.trail);
    return Buffer.from(await doc.save());
  });
}

/** The form's own pages of a signed PDF, without the trail page (what the signers are shown). */
export async function formPagesOnly(signed: Uint8Array, contentPages: number): Promise<Buffer> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(signed, { updateMetadata: false });
    if (source.getPageCount() <= contentPages) return Buffer.from(signed);
  } catch {
    // Not one of ours (a PDF uploaded before forms were composed here has no trail page): as stored.
    return Buffer.from(signed);
  }
  const doc = await PDFDocument.create();
  for (const page of await doc.copyPages(
    source,
    Array.from({ length: contentPages }, (_, i) => i),
  ))
    doc.addPage(page);
  return Buffer.from(await doc.save());
}

/** A digest of each page's content streams, as stored (a PDF saved again unchanged keeps them). */
async function pageDigests(bytes: Uint8Array): Promise<string[] | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return doc.getPages().map((page) => {
      const hash = crypto.createHash('sha256');
      const contents = page.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
      for (const s of streams) if (s instanceof PDFRawStream) hash.update(s.getContents());
      return hash.digest('hex');
    });
  } catch {
    return null;
  }
}

/** True when `upload` is `original` itself or has its pages with unchanged content (nothing signed on it). */
export async function isUnchanged(upload: Uint8Array, original: Uint8Array): Promise<boolean> {
  if (Buffer.compare(Buffer.from(upload), Buffer.from(original)) === 0) return true;
  const [a, b] = await Promise.all([pageDigests(upload), pageDigests(original)]);
  return !!a && !!b && a.length === b.length && a.every((d, i) => d === b[i]);
}
