/**
 * A note's text as pieces to render with React: plain text, and http(s) addresses to show as links.
 * Nothing here produces HTML: the caller renders text as text and each link's address as an href
 * that is always an http(s) URL (javascript:, data: and the like are never linked).
 */
export type NotePiece = { text: string } | { href: string; text: string };

const URL_LIKE = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.org/a." links /a). */
const TRAILING = '.,;:!?\'"]}';

/** Drops trailing punctuation, and a closing parenthesis unless it closes one opened inside the address. */
function trimTrailing(s: string): string {
  let end = s.length;
  const count = (c: string) => s.slice(0, end).split(c).length - 1;
  while (end > 0) {
    const c = s[end - 1];
    if (TRAILING.includes(c) || (c === ')' && count(')') > count('('))) end--;
    else break;
  }
  return s.slice(0, end);
}

export function linkify(text: string): NotePiece[] {
  const out: NotePiece[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_LIKE)) {
    const candidate = trimTrailing(m[0]);
    const start = m.index;
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ href, text: candidate });
    last = start + candidate.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
