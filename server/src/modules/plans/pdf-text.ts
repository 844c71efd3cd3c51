/**
 * The text drawn in a PDF made by pdf-lib with a standard font, for tests: each content stream is
 * inflated (FlateDecode) and the strings of its Tj operators decoded (pdf-lib writes them as hex).
 * Lines come back in drawing order. No dependency beyond node's zlib.
 */
import zlib from 'node:zlib';

export function pdfText(pdf: Uint8Array): string {
  const bin = Buffer.from(pdf).toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(bin))) {
    const start = m.index + m[0].length;
    const end = bin.indexOf('endstream', start);
    if (end < 0) break;
    const raw = Buffer.from(bin.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (t[1] !== undefined) out.push(Buffer.from(t[1].replace(/\s+/g, ''), 'hex').toString('latin1'));
      else out.push(t[2].replace(/\\(.)/g, '$1'));
    }
    re.lastIndex = end;
  }
  return out.join('\n');
}
