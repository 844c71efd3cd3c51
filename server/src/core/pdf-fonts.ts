/**
 * The font files of the PDFs the server draws (plan export, consent template, signed consent form,
 * enrollment contract), read once from node_modules and kept; what is printed with which font is
 * decided in @planner/shared/pdf-fonts (its header says what is supported, right-to-left included).
 *
 * - pdf-lib 1.17, not the fork @cantoo/pdf-lib: pdf-lib is the package the project was given, 1.17.1
 *   embeds and subsets TrueType fonts through fontkit (Type0/CIDFontType2, Identity-H, with a
 *   ToUnicode map, so the text is searchable and extractable), and the fork is not a drop-in (its 2.x
 *   API moved and it pulls in an HTML parser and a colour library we do not use). The fontkit is
 *   upstream fontkit 2, not pdf-lib's own fork @pdf-lib/fontkit, whose TrueType subsets print most
 *   letters blank in FreeType-based viewers (pdfLibFontkit in @planner/shared/pdf-fonts says why;
 *   pdf-fonts.test.ts checks every glyph of a subset against the font it came from).
 * - Noto Sans (regular, bold, italic) from @expo-google-fonts/noto-sans and Noto Sans SC (regular)
 *   from @expo-google-fonts/noto-sans-sc: TrueType files, SIL Open Font License 1.1 (LICENSE_FONT in
 *   each package). About 630 KB each, 10.6 MB for SC: read from disk only when a document needs them
 *   (the SC file only for CJK text). `npm run build` needs no copy: the files are resolved from
 *   node_modules, which the Docker image carries (they are dependencies, kept by `npm prune --omit=dev`).
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { renderWithFonts, type PdfFonts, type UnicodeFace, type UnicodeFontSource } from '@planner/shared/pdf-fonts';

const require = createRequire(import.meta.url);

export const FONT_FILES: Record<UnicodeFace, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
};

const loaded = new Map<UnicodeFace, Promise<Uint8Array>>();

function fontBytes(face: UnicodeFace): Promise<Uint8Array> {
  let bytes = loaded.get(face);
  if (!bytes) {
    bytes = fs.readFile(require.resolve(FONT_FILES[face])).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    bytes.catch(() => loaded.delete(face));
    loaded.set(face, bytes);
  }
  return bytes;
}

const source: UnicodeFontSource = { fontkit, bytes: fontBytes };

export type ServerPdfFonts = PdfFonts<PDFFont>;

/**
 * Draws a PDF with the fonts its text needs: `render` builds the whole document and may run twice
 * (standard fonts first, then Unicode fonts when the text needs them), so it starts from scratch.
 */
export function renderPdf<T>(render: (fontsFor: (doc: PDFDocument) => Promise<ServerPdfFonts>) => Promise<T>): Promise<T> {
  return renderWithFonts<T, PDFFont>(async () => source, render);
}
