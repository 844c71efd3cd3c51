/**
 * Test helper of the server's, the client's and the end-to-end tests: the text drawn in a PDF, read
 * with PDF.js (pdfjs-dist, a dev dependency), which decodes the standard fonts and the embedded
 * Type0 fonts through their ToUnicode maps, as a PDF viewer's copy and search do. Node only (the
 * legacy build's fake worker), so it sits outside the package's browser-safe src/ and is imported by
 * relative path.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  eol: boolean;
}

/** The text items of every page, in drawing order. */
async function items(pdf: Buffer | Uint8Array): Promise<Item[][]> {
  // PDF.js takes the buffer over: give it a copy.
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const pages: Item[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.flatMap((i) => ('str' in i ? [{ str: i.str, x: i.transform[4], y: i.transform[5], width: i.width, eol: i.hasEOL }] : [])));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/**
 * The strings drawn, as PDF.js groups them: one per drawn string, except that PDF.js joins strings
 * drawn on one line in one font with a space. Pieces that continue one another exactly (the runs of
 * one drawn string in different fonts) are joined; a space item between two places is left out.
 */
export async function pdfStrings(pdf: Buffer | Uint8Array): Promise<string[]> {
  const out: string[] = [];
  for (const page of await items(pdf)) {
    let last: Item | null = null;
    for (const item of page) {
      const continues: boolean = !!last && Math.abs(item.y - last!.y) < 0.5 && Math.abs(item.x - (last!.x + last!.width)) < 0.5;
      if (continues) out[out.length - 1] += item.str;
      else if (item.str.trim()) out.push(item.str);
      last = continues || item.str.trim() ? item : null;
    }
  }
  return out.map((s) => s.trimEnd());
}

/** All drawn text of the PDF, a line per line of the page, for `toContain` checks. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await items(pdf)).map((page) => page.map((i) => i.str + (i.eol ? '\n' : '')).join('')).join('\n');
}

/** Names the PDFs must print exactly: Latin with Vietnamese, Polish and Turkish letters, Greek, Cyrillic, Chinese. */
export const NAMES_IN_EVERY_SCRIPT = [
  { first: 'Thị Minh', last: 'Nguyễn' },
  { first: 'Łukasz', last: 'Żółć' },
  { first: 'Çağlar', last: 'Öztürk' },
  { first: 'Αλέξανδρος', last: 'Παπαδόπουλος' },
  { first: 'Дмитрий', last: 'Иванов' },
  { first: '小明', last: '王' },
] as const;
