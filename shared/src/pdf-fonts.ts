/**
 * Fonts and text runs of every PDF the server and the browser draw with pdf-lib. Browser-safe: the
 * font files are loaded by each side (server/src/core/pdf-fonts.ts from node_modules, the client's
 * pdf/pdf-fonts.ts by a lazy fetch) and handed in as a `UnicodeFontSource`; pdf-lib itself is
 * reached through the structural types below, so this package needs no dependency on it.
 *
 * What is printed:
 * - A document whose every character is in WinAnsi (English, and Western European letters such as
 *   é, ñ, ü, ç) is drawn with pdf-lib's standard fonts, as before: nothing is embedded, so such a
 *   file stays as small as it was (embedding Noto Sans regular and bold subsets adds 9-11 KB: a
 *   32-course plan goes from 11.8 to 23.3 KB, a one-course plan from 3.3 to 12.6 KB; bench scenario 10).
 * - A document with any other character is drawn throughout with embedded Noto Sans subsets
 *   (regular, bold, italic: Latin with every diacritic, including Vietnamese, Polish and Turkish,
 *   Greek and Cyrillic), one typeface for the whole document, never a mix inside a line.
 * - Han characters, kana and CJK punctuation are drawn with a Noto Sans SC subset, run by run inside
 *   the same line (widths are measured with each run's own font, so wrapping stays right). It has
 *   one weight: CJK text in bold or italic places is printed in the regular weight.
 * - Right-to-left scripts (Arabic, Hebrew) and anything else no embedded font has a glyph for (Hangul,
 *   Devanagari, emoji...) are not supported: each such character prints as U+FFFD, the visible
 *   replacement character, never as a silent '?' and never an error. Text is drawn in logical order
 *   without shaping or bidi reordering.
 * Text is normalised to NFC first, so a name typed with combining accents uses the precomposed
 * letters the font has (pdf-lib does not position combining marks).
 */

/** The typefaces a drawing asks for; each maps to a standard font and to an embedded Noto Sans face. */
export type PdfFontStyle = 'sans' | 'sansBold' | 'serif' | 'serifItalic' | 'mono';

/** pdf-lib's StandardFonts values (the enum's strings), used while a document is WinAnsi-only. */
export const STANDARD_FONTS: Record<PdfFontStyle, string> = {
  sans: 'Helvetica',
  sansBold: 'Helvetica-Bold',
  serif: 'Times-Roman',
  serifItalic: 'Times-Italic',
  mono: 'Courier',
};

export type UnicodeFace = 'regular' | 'bold' | 'italic' | 'cjk';

const FACE: Record<PdfFontStyle, Exclude<UnicodeFace, 'cjk'>> = {
  sans: 'regular',
  sansBold: 'bold',
  serif: 'regular',
  serifItalic: 'italic',
  mono: 'regular',
};

/** What we use of fontkit 2 (the `fontkit` package): a font, and the subset pdf-lib writes into the PDF. */
export interface Fontkit2 {
  create(bytes: Uint8Array): object;
}
interface Fontkit2Font {
  createSubset(): { includeGlyph(glyph: unknown): number; encode(): Uint8Array };
}

/** The font files (TrueType, glyf outlines) and fontkit 2, loaded by each side. */
export interface UnicodeFontSource {
  fontkit: Fontkit2;
  bytes(face: UnicodeFace): Promise<Uint8Array>;
}

/**
 * fontkit 2 in the shape pdf-lib 1.17 calls (the shape of its own fork, @pdf-lib/fontkit 1.1).
 * Why not that fork: its TrueType subsets write a short `loca` without padding odd-length glyph
 * records, so every glyph after the first odd one points a byte off; pdfjs still extracts the text,
 * but FreeType-based viewers (poppler, evince, many printers) draw most letters blank. Upstream
 * fontkit fixed it in 1.8. The one difference pdf-lib meets: fontkit 2's subset has `encode()`
 * where the fork had `encodeStream()` (an emitter of 'data', 'end', 'error'), given here.
 */
export function pdfLibFontkit(fontkit: Fontkit2): unknown {
  return {
    create(bytes: Uint8Array) {
      const font = fontkit.create(bytes) as Fontkit2Font & Record<PropertyKey, unknown>;
      return new Proxy(font, {
        get(target, key) {
          if (key !== 'createSubset') {
            const value = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return () => {
            const subset = target.createSubset();
            return {
              includeGlyph: (glyph: unknown) => subset.includeGlyph(glyph),
              encodeStream() {
                const handlers: Partial<Record<'data' | 'end' | 'error', (value?: unknown) => void>> = {};
                const stream = {
                  on(event: 'data' | 'end' | 'error', handler: (value?: unknown) => void) {
                    handlers[event] = handler;
                    return stream;
                  },
                };
                // pdf-lib attaches its handlers right after this call returns.
                void Promise.resolve().then(() => {
                  let bytes: Uint8Array;
                  try {
                    bytes = subset.encode();
                  } catch (e) {
                    handlers.error?.(e);
                    return;
                  }
                  handlers.data?.(bytes);
                  handlers.end?.();
                });
                return stream;
              },
            };
          };
        },
      });
    },
  };
}

/** What the drawing needs of a pdf-lib PDFFont. */
export interface LayoutFont {
  widthOfTextAtSize(text: string, size: number): number;
  getCharacterSet(): number[];
}

/** What embedding needs of a pdf-lib PDFDocument. */
export interface FontDocument<F extends LayoutFont> {
  registerFontkit(fontkit: never): void;
  embedFont(font: Uint8Array, options?: { subset?: boolean; features?: Record<string, boolean> }): Promise<F>;
  embedStandardFont(font: string): F;
}

/** What drawing needs of a pdf-lib PDFPage. */
export interface TextPage<F, C> {
  drawText(text: string, options: { x: number; y: number; size: number; font: F; color?: C }): void;
}

export interface TextRun<F> {
  text: string;
  font: F;
}

export const REPLACEMENT = '\uFFFD';

/**
 * OpenType features turned off: pdf-lib draws the glyphs fontkit's layout returns and writes each
 * glyph's characters to the ToUnicode map, so a glyph decomposition (ccmp turns "ị" into "i" and a
 * mark with no character) or a ligature breaks copy and search; kerning is off so that the width
 * measured is the width drawn (pdf-lib draws without the layout's positions).
 */
const FEATURES = { ccmp: false, liga: false, clig: false, calt: false, rlig: false, dlig: false, kern: false };

/** Characters drawn with the CJK face: Han, kana, bopomofo, CJK punctuation and full-width forms. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303F\uFF00-\uFFEF]/u;

/** Line breaks and tabs become spaces (a PDF line has none), then NFC. */
export function pdfClean(text: string): string {
  return text.replace(/[\r\n\t\f\v]+/g, ' ').normalize('NFC');
}

/** What a first pass found: the styles it used and whether the standard fonts can draw everything. */
class FontNeeds {
  styles = new Set<PdfFontStyle>();
  unicode = false;
  cjk = false;
}

/** The character sets of the fonts, computed once per font file (a CJK face has 30,000 of them). */
const coverage = new Map<string, Set<number>>();
function covers(key: string, font: LayoutFont): Set<number> {
  let set = coverage.get(key);
  if (!set) {
    set = new Set(font.getCharacterSet());
    coverage.set(key, set);
  }
  return set;
}

/** The fonts of one document: splits text into runs, measures, wraps and draws it. */
export class PdfFonts<F extends LayoutFont> {
  private constructor(
    private readonly needs: FontNeeds,
    private readonly doc: FontDocument<F>,
    private readonly faces: Partial<Record<UnicodeFace, F>> | null,
  ) {}

  private readonly standard: Partial<Record<PdfFontStyle, F>> = {};

  /** Standard fonts, each added when first used (a first pass that also records what the text needs). */
  static async standardFor<F extends LayoutFont>(doc: FontDocument<F>, needs: FontNeeds): Promise<PdfFonts<F>> {
    return new PdfFonts(needs, doc, null);
  }

  /** Noto Sans subsets for the styles the first pass used, and the CJK face when it met CJK text. */
  static async unicodeFor<F extends LayoutFont>(doc: FontDocument<F>, needs: FontNeeds, source: UnicodeFontSource): Promise<PdfFonts<F>> {
    doc.registerFontkit(pdfLibFontkit(source.fontkit) as never);
    const wanted = new Set<UnicodeFace>(['regular', ...[...needs.styles].map((s) => FACE[s])]);
    if (needs.cjk) wanted.add('cjk');
    const faces: Partial<Record<UnicodeFace, F>> = {};
    for (const face of wanted) faces[face] = await doc.embedFont(await source.bytes(face), { subset: true, features: FEATURES });
    return new PdfFonts(needs, doc, faces);
  }

  /** The text as runs of one font each. */
  runs(text: string, style: PdfFontStyle): TextRun<F>[] {
    this.needs.styles.add(style);
    const clean = pdfClean(text);
    if (!this.faces) return [{ text: this.standardText(clean, style), font: this.standardFont(style) }];
    const face = this.faces[FACE[style]] ? FACE[style] : 'regular';
    const main = this.faces[face]!;
    const mainSet = covers(face, main);
    const cjk = this.faces.cjk;
    const runs: TextRun<F>[] = [];
    for (const ch of clean) {
      const cp = ch.codePointAt(0)!;
      let font = main;
      let out = ch;
      if (!mainSet.has(cp)) {
        if (cjk && covers('cjk', cjk).has(cp)) font = cjk;
        else out = REPLACEMENT;
      }
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += out;
      else runs.push({ text: out, font });
    }
    return runs;
  }

  private standardFont(style: PdfFontStyle): F {
    return (this.standard[style] ??= this.doc.embedStandardFont(STANDARD_FONTS[style]));
  }

  /** In the first pass: notes what the standard fonts cannot draw and replaces it (the pass is then redone). */
  private standardText(clean: string, style: PdfFontStyle): string {
    const font = this.standardFont(style);
    const set = covers(STANDARD_FONTS[style], font);
    let out = '';
    for (const ch of clean) {
      if (set.has(ch.codePointAt(0)!)) {
        out += ch;
        continue;
      }
      this.needs.unicode = true;
      if (CJK.test(ch)) this.needs.cjk = true;
      out += '?';
    }
    return out;
  }

  /**
   * Width in points: the sum of the characters' advances (what pdf-lib draws: no kerning, no
   * substitution), each measured once per font: measuring whole strings through fontkit's layout
   * made a 32-course plan take twice as long to draw.
   */
  width(text: string, style: PdfFontStyle, size: number): number {
    // The standard fonts measure whole strings (with their kerning pairs), cheaply.
    if (!this.faces) return this.runs(text, style).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
    let w = 0;
    for (const run of this.runs(text, style)) {
      let widths = this.widths.get(run.font);
      if (!widths) this.widths.set(run.font, (widths = new Map()));
      for (const ch of run.text) {
        let cw = widths.get(ch);
        if (cw === undefined) widths.set(ch, (cw = run.font.widthOfTextAtSize(ch, 1000)));
        w += cw;
      }
    }
    return (w * size) / 1000;
  }

  private readonly widths = new Map<F, Map<string, number>>();

  /** Greedy word wrap to `width` points; a word longer than a line is cut (between code points). */
  wrap(text: string, style: PdfFontStyle, size: number, width: number): string[] {
    const fits = (s: string) => this.width(s, style, size) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of pdfClean(text).split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = [...word];
      while (rest.length > 1 && !fits(rest.join(''))) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  }

  /** Draws the text from (x, y), run after run. */
  draw<C>(page: TextPage<F, C>, text: string, o: { x: number; y: number; size: number; style: PdfFontStyle; color?: C }): void {
    let x = o.x;
    const runs = this.runs(text, o.style);
    for (const [i, run] of runs.entries()) {
      page.drawText(run.text, { x, y: o.y, size: o.size, font: run.font, ...(o.color === undefined ? {} : { color: o.color }) });
      if (i < runs.length - 1) x += run.font.widthOfTextAtSize(run.text, o.size);
    }
  }
}

/**
 * Draws a PDF: `render` builds the whole document, asking `fontsFor(doc)` for its fonts. A first
 * pass uses the standard fonts; when the text needs more than WinAnsi, the document is drawn again
 * with the embedded Unicode fonts (so `render` must be repeatable: it builds a new document each time).
 */
export async function renderWithFonts<T, F extends LayoutFont>(
  source: () => Promise<UnicodeFontSource>,
  render: (fontsFor: (doc: FontDocument<F>) => Promise<PdfFonts<F>>) => Promise<T>,
): Promise<T> {
  const needs = new FontNeeds();
  const first = await render((doc) => PdfFonts.standardFor(doc, needs));
  if (!needs.unicode) return first;
  const loaded = await source();
  return render((doc) => PdfFonts.unicodeFor(doc, needs, loaded));
}
