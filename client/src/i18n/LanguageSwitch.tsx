/** The language switch (issue 12): in the public header, the parent header and the profile page. */
import { useLocale, useT, type Locale } from '.';

const NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const other: Locale = locale === 'en' ? 'es' : 'en';
  // Each language's name is written in that language (and marked with lang) so a reader finds their own.
  return (
    <button
      type="button"
      className={className ?? 'link language-switch'}
      lang={other}
      aria-label={t('i18n.switchTo', { language: NAMES[other] })}
      onClick={() => void setLocale(other)}
    >
      {NAMES[other]}
    </button>
  );
}

/** On the legal pages in another language: only the headings are translated, and the English text governs. */
export function EnglishGovernsNote() {
  const t = useT();
  const { locale } = useLocale();
  if (locale === 'en') return null;
  return <p className="muted" role="note">{t('legal.englishGoverns')}</p>;
}
