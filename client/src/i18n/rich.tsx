/**
 * Whole sentences with links or emphasis inside (issue 12): the catalogue keeps the sentence as one
 * ICU message with {arguments}, and rich() puts React nodes (a <Link>, a <strong>) where they stand,
 * so each language orders the sentence its own way instead of gluing fragments around the links.
 */
import { Fragment, type ReactNode } from 'react';
import { formatParts, type Locale, type MessageKey } from './core';

export function rich(locale: Locale, key: MessageKey, parts: Record<string, ReactNode>): ReactNode {
  return (
    <>
      {formatParts<ReactNode>(locale, key, parts).map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
