/**
 * An accessible modal dialog holding a form: role="dialog", aria-modal, labelled by its title,
 * focus moved into it on open (and back on close), Escape and the backdrop close it.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import './pathways.css';

interface Props {
  title: string;
  onClose(): void;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
  /** Buttons at the bottom of the form (the submit button among them). */
  actions: ReactNode;
}

export function FormDialog({ title, onClose, onSubmit, children, actions }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('form input, form select, form textarea, form button');
    (first ?? ref.current)?.focus();
    return () => before?.focus?.();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div className="dialog card" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} tabIndex={-1}>
        <div className="row dialog-title">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="link close" aria-label="Close" onClick={onClose}>×</button>
        </div>
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(e);
          }}
        >
          {children}
          <div className="row dialog-actions">{actions}</div>
        </form>
      </div>
    </div>
  );
}
