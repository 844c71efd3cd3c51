/**
 * Offset cursors of the paginated lists (students, courses, pathways, applications, baseline
 * plans): opaque to callers, checked on the way in so a forged cursor is a 400, not a crash.
 */
import { badInput, because } from './errors.js';

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badInput(because('PAGE_CURSOR_INVALID'));
  return Number(m[1]);
}
