/**
 * The signed-in headers' menu on screens 767px wide or less (platform §9 breakpoint): a disclosure
 * button named "Menu" that opens a panel holding every item the header shows on a wide screen.
 * Opening moves focus to the first item; Escape closes and returns focus to the button; choosing a
 * page (any change of address) or clicking outside closes it. Above the breakpoint the stylesheet
 * hides the button and the panel, and the header's own items show instead.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../i18n';
import './header-menu.css';

export function HeaderMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Navigation closes the menu (the new page should not open behind it).
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled]), input, select')?.focus();
    const outside = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes the open menu wherever focus is, and gives focus back to the button.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="header-menu" ref={wrapper}>
      <button ref={button} type="button" className="secondary header-menu-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="header-menu-icon">
          ☰
        </span>{' '}
        {t('layout.menu')}
      </button>
      <div ref={panel} id={id} className="header-menu-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
