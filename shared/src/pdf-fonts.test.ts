import { describe, expect, it } from 'vitest';
import { REPLACEMENT, renderWithFonts, type FontDocument, type PdfFonts, type UnicodeFace } from './pdf-fonts.js';

/** A font that covers some characters, each 1,000 units wide for the regular faces and 2,000 for CJK. */
class FakeFont {
  constructor(
    readonly name: string,
    private readonly chars: number[],
    private readonly unit = 1,
  ) {}
  getCharacterSet(): number[] {
    return this.chars;
  }
  widthOfTextAtSize(text: string, size: number): number {
    return [...text].length * this.unit * size;
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const LATIN1 = range(0x20, 0x7e).concat(range(0xa0, 0xff));
const NOTO = LATIN1.concat(range(0x100, 0x24f), range(0x370, 0x3ff), range(0x400, 0x4ff), range(0x1e00, 0x1eff), [0xfffd]);
const HAN = range(0x4e00, 0x9fff).concat([0x20]);

class FakeDoc implements FontDocument<FakeFont> {
  embedded: string[] = [];
  registerFontkit(): void {}
  embedStandardFont(name: string): FakeFont {
    this.embedded.push(name);
    return new FakeFont(name, LATIN1);
  }
  async embedFont(bytes: Uint8Array): Promise<FakeFont> {
    const face = String.fromCharCode(...bytes);
    this.embedded.push(face);
    return face === 'cjk' ? new FakeFont(face, HAN, 2) : new FakeFont(face, NOTO);
  }
}

const source = async () => ({ fontkit: { create: () => ({}) }, bytes: async (face: UnicodeFace) => Uint8Array.from(face, (c) => c.charCodeAt(0)) });

/** Draws with `draw` as a renderer would and returns the fonts of the last pass and what was embedded. */
async function render(draw: (fonts: PdfFonts<FakeFont>) => void) {
  let passes = 0;
  return renderWithFonts<{ fonts: PdfFonts<FakeFont>; doc: FakeDoc; passes: number }, FakeFont>(source, async (fontsFor) => {
    const doc = new FakeDoc();
    const fonts = await fontsFor(doc);
    draw(fonts);
    return { fonts, doc, passes: ++passes };
  });
}

const runs = (fonts: PdfFonts<FakeFont>, text: string) => fonts.runs(text, 'sans').map((r) => [r.font.name, r.text]);

describe('PDF fonts', () => {
  it('keeps the standard fonts, in one pass, when every character is WinAnsi', async () => {
    const r = await render((f) => f.runs('José Müller, Françoise', 'sansBold'));
    expect(r.passes).toBe(1);
    expect(r.doc.embedded).toEqual(['Helvetica-Bold']);
    expect(runs(r.fonts, 'Zoë')).toEqual([['Helvetica', 'Zoë']]);
  });

  it('draws the whole document again with the Noto faces its styles need when a letter is beyond WinAnsi', async () => {
    const r = await render((f) => {
      f.runs('Łukasz', 'sans');
      f.runs('Heading', 'sansBold');
    });
    expect(r.passes).toBe(2);
    expect(r.doc.embedded.sort()).toEqual(['bold', 'regular']);
    expect(runs(r.fonts, 'Łukasz Żółć')).toEqual([['regular', 'Łukasz Żółć']]);
  });

  it('splits a Latin and Chinese name into runs and embeds the CJK face only then', async () => {
    const r = await render((f) => f.runs('Wang 王小明', 'sans'));
    expect(r.doc.embedded.sort()).toEqual(['cjk', 'regular']);
    expect(runs(r.fonts, 'Wang 王小明 Jr')).toEqual([
      ['regular', 'Wang '],
      ['cjk', '王小明'],
      ['regular', ' Jr'],
    ]);
    // Widths add up run by run: 5 regular characters, 3 CJK ones twice as wide, 3 regular.
    expect(r.fonts.width('Wang 王小明 Jr', 'sans', 10)).toBe(5 * 10 + 3 * 20 + 3 * 10);
  });

  it('prints a character no font has (Arabic, Hebrew, emoji) as U+FFFD, and composes combining accents', async () => {
    const r = await render((f) => f.runs('محمد', 'sans'));
    expect(r.doc.embedded).toEqual(['regular']);
    expect(runs(r.fonts, 'محمد לוי 🙂')).toEqual([['regular', `${REPLACEMENT.repeat(4)} ${REPLACEMENT.repeat(3)} ${REPLACEMENT}`]]);
    expect(runs(r.fonts, 'Nguye\u0302\u0303n')).toEqual([['regular', 'Nguyễn']]);
  });

  it('wraps by the runs’ widths and cuts a long word between characters, never inside one', async () => {
    const r = await render((f) => f.runs('王', 'sans'));
    expect(r.fonts.wrap('Wang 王小明王小明', 'sans', 10, 60)).toEqual(['Wang', '王小明', '王小明']);
    expect(r.fonts.wrap('a\nb\tc', 'sans', 10, 1000)).toEqual(['a b c']);
  });
});
