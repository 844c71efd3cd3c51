/**
 * The tiny i18n layer (issue 12): catalogues keyed by stable ids (en.ts is the source, es.ts its
 * Spanish), `useT()` for components, `translate()` for code outside render, ICU messages
 * formatted by FormatJS (core.ts), dates, numbers and money by formats.ts.
 * The language: a signed-in person's users.locale (saved with updateLocale), else the browser's
 * localStorage for anonymous visitors; English by default.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../session/context';
import { KEYS } from '../session/storage';
import { isCatalogueLoaded, isLocale, loadCatalogue, makeT, setCurrentLocale, storedLocale, type Locale, type TFunction } from './core';
import { defaultTermLabelKey } from '@planner/shared';

export * from './core';

interface I18n {
  locale: Locale;
  t: TFunction;
  setLocale(locale: Locale): Promise<void>;
}

const I18nContext = createContext<I18n>({ locale: 'en', t: makeT('en'), setLocale: async () => {} });

export function I18nProvider({ children }: { children: ReactNode }) {
  const { user, refresh, saveLocale } = useSession();
  const [chosen, setChosen] = useState<Locale | null>(null);
  const fromUser = isLocale(user?.locale) ? user.locale : null;
  const wanted: Locale = chosen ?? fromUser ?? storedLocale();
  // Until a language's catalogue has loaded, the screen stays in the language it was in (on a
  // switch), or waits (at start, so a Spanish reader never sees English flash by).
  const [shown, setShown] = useState<Locale | null>(() => (isCatalogueLoaded(wanted) ? wanted : null));
  const locale: Locale | null = isCatalogueLoaded(wanted) ? wanted : shown;
  setCurrentLocale(locale ?? 'en');

  useEffect(() => {
    let live = true;
    if (!isCatalogueLoaded(wanted)) {
      loadCatalogue(wanted).then(
        () => live && setShown(wanted),
        (e) => {
          console.error('Failed to load the language', e);
          if (live) setShown((s) => s ?? 'en');
        },
      );
    }
    return () => {
      live = false;
    };
  }, [wanted]);

  // In the same commit as the text: no frame (and no assistive technology) reads one language marked as another.
  useLayoutEffect(() => {
    if (locale) document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback(
    async (next: Locale) => {
      setChosen(next);
      try {
        localStorage.setItem(KEYS.locale, next);
      } catch {
        // Storage unavailable (private mode): the choice lasts for this page.
      }
      if (!user) return;
      try {
        await saveLocale(next);
        await refresh();
      } catch (e) {
        // The screen already switched; the choice is not remembered on the account this time.
        console.error('Failed to save the language', e);
      }
    },
    [user, saveLocale, refresh],
  );

  const value = useMemo<I18n | null>(() => (locale ? { locale, t: makeT(locale), setLocale } : null), [locale, setLocale]);
  if (!value) return <div className="app-content" aria-busy="true" />;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translation function of the language in effect. */
export function useT(): TFunction {
  return useContext(I18nContext).t;
}

/**
 * A term's label as the reader reads it: a school's default label ("9th Grade") in the reader's
 * language, any label someone wrote as written (@planner/shared DEFAULT_TERM_LABELS).
 */
export function useTermLabel(): (label: string) => string {
  const t = useT();
  return (label) => {
    const key = defaultTermLabelKey(label);
    return key ? t(`term.${key}`) : label;
  };
}

export function useLocale(): Pick<I18n, 'locale' | 'setLocale'> {
  const { locale, setLocale } = useContext(I18nContext);
  return { locale, setLocale };
}
