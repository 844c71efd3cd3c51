/**
 * The font subsets inside our PDFs draw the glyphs of the font they came from. pdfjs-based text
 * extraction (the other PDF tests) reads the ToUnicode map and cannot see a broken outline: pdf-lib's
 * own fontkit fork wrote subsets whose glyphs after the first odd-length one were a byte off, which
 * FreeType-based viewers drew blank while the text still extracted. Here every glyph of each embedded
 * subset is decoded with fontkit and its outline compared with the glyphs of the original font.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { NAMES_IN_EVERY_SCRIPT } from '../../../shared/testing/pdf-text.js';
import { FONT_FILES, renderPdf } from './pdf-fonts.js';

const require = createRequire(import.meta.url);

/** Every embedded TrueType font (a font descriptor's FontFile2) of a PDF, decompressed. */
async function embeddedFonts(pdf: Uint8Array): Promise<Uint8Array[]> {
  const doc = await PDFDocument.load(pdf);
  const fonts: Uint8Array[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = object.lookup(PDFName.of('FontFile2'));
    if (!(file instanceof PDFRawStream)) continue;
    const filter = file.dict.get(PDFName.of('Filter'));
    fonts.push(filter === PDFName.of('FlateDecode') ? inflateSync(file.contents) : file.contents);
  }
  return fonts;
}

/** The outlines of every glyph of the original font, as SVG path data. */
async function outlinesOf(file: string): Promise<Set<string>> {
  const font = fontkit.create(await readFile(require.resolve(file))) as fontkit.Font;
  const outlines = new Set<string>();
  for (let id = 0; id < font.numGlyphs; id++) outlines.add(font.getGlyph(id).path.toSVG());
  return outlines;
}

/** The glyphs of a subset whose outline is no glyph of the original font. */
function strangers(subsetBytes: Uint8Array, original: Set<string>): number[] {
  const subset = fontkit.create(Buffer.from(subsetBytes)) as fontkit.Font;
  const bad: number[] = [];
  for (let id = 1; id < subset.numGlyphs; id++) if (!original.has(subset.getGlyph(id).path.toSVG())) bad.push(id);
  return bad;
}

describe('PDF font subsets', () => {
  it('draw every glyph as the original Noto Sans does (Vietnamese, Polish, Turkish, Greek and Cyrillic names, regular and bold)', async () => {
    const names = NAMES_IN_EVERY_SCRIPT.map((n) => `${n.first} ${n.last}`).filter((n) => !/[\u3000-\u9fff]/.test(n));
    const pdf = await renderPdf(async (fontsFor) => {
      const doc = await PDFDocument.create();
      const fonts = await fontsFor(doc);
      const page = doc.addPage();
      let y = 760;
      for (const name of names) {
        fonts.draw(page, `${name} - Hợp đồng ghi danh`, { x: 40, y, size: 12, style: 'sans' });
        fonts.draw(page, `${name} - Enrollment Agreement`, { x: 40, y: y - 16, size: 12, style: 'sansBold' });
        y -= 40;
      }
      return doc.save();
    });
    const subsets = await embeddedFonts(pdf);
    expect(subsets.length).toBeGreaterThanOrEqual(2);
    // A subset carries no name table to tell regular from bold: a glyph must be one of either face.
    const originals = new Set([...(await outlinesOf(FONT_FILES.regular)), ...(await outlinesOf(FONT_FILES.bold))]);
    let glyphs = 0;
    for (const [i, bytes] of subsets.entries()) {
      glyphs += (fontkit.create(Buffer.from(bytes)) as fontkit.Font).numGlyphs - 1;
      expect(strangers(bytes, originals), `subset ${i + 1}`).toEqual([]);
    }
    // Vietnamese alone needs dozens of letters with diacritics: the subsets are not trivially small.
    expect(glyphs).toBeGreaterThan(60);
  }, 60_000);
});
