import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('links http(s) addresses and leaves the rest as text', () => {
    expect(linkify('See https://example.org/a-g?x=1&y=2 and http://b.example.')).toEqual([
      { text: 'See ' },
      { href: 'https://example.org/a-g?x=1&y=2', text: 'https://example.org/a-g?x=1&y=2' },
      { text: ' and ' },
      { href: 'http://b.example/', text: 'http://b.example' },
      { text: '.' },
    ]);
  });

  it('keeps a parenthesis that belongs to the address, drops one that closes the sentence', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/A_(b))')[1]).toEqual({ href: 'https://en.wikipedia.org/wiki/A_(b)', text: 'https://en.wikipedia.org/wiki/A_(b)' });
    expect(linkify('(see https://x.example/path)')[1]).toEqual({ href: 'https://x.example/path', text: 'https://x.example/path' });
  });

  it('never links other schemes or markup, which stay plain text', () => {
    for (const s of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="javascript:alert(1)">x</a>', 'ftp://files.example/x', 'https://']) {
      const pieces = linkify(s);
      expect(pieces.every((p) => !('href' in p))).toBe(true);
      expect(pieces.map((p) => p.text).join('')).toBe(s);
    }
    // A quote ends the address: the markup around it is text.
    expect(linkify('<a href="https://ok.example/">x</a>').filter((p) => 'href' in p)).toEqual([{ href: 'https://ok.example/', text: 'https://ok.example/' }]);
  });
});
