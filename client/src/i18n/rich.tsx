/**
 * Whole sentences with links or emphasis inside (issue 12): the catalogue keeps the sentence as one
 * message with {placeholders}, and rich() puts React nodes (a <Link>, a <strong>) where they stand,
 * so each language orders the sentence its own way instead of gluing fragments around the links.
 */
import { Fragment, type ReactNode } from 'react';

export function rich(text: string, parts: Record<string, ReactNode>): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in parts)) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(<Fragment key={`${m[1]}-${m.index}`}>{parts[m[1]]}</Fragment>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
