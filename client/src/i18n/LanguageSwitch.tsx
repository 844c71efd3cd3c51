/** The language switch (issue 12): in the public header, the parent header and the profile page. */
import { LOCALES, useLocale, useT, type Locale } from '.';

/** Each language's name in that language, so a reader finds their own whatever the screen shows. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', vi: 'Tiếng Việt', zh: '中文' };

/** One button per other language; `className` styles the group (e.g. hidden on a phone, where the menu holds it). */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <span className={className ?? 'language-switch'} role="group" aria-label={t('i18n.language')}>
      {LOCALES.filter((l) => l !== locale).map((other) => (
        <button
          key={other}
          type="button"
          className="link"
          lang={other}
          aria-label={t('i18n.switchTo', { language: LANGUAGE_NAMES[other] })}
          onClick={() => void setLocale(other)}
        >
          {LANGUAGE_NAMES[other]}
        </button>
      ))}
    </span>
  );
}

/** On the legal pages in another language: only the headings are translated, and the English text governs. */
export function EnglishGovernsNote() {
  const t = useT();
  const { locale } = useLocale();
  if (locale === 'en') return null;
  return (
    <p className="muted" role="note">
      {t('legal.englishGoverns')}
    </p>
  );
}
