/** A dialog holding one form: the shared AccessibleDialog, a form that never reloads the page, and its buttons. */
import type { FormEvent, ReactNode } from 'react';
import { AccessibleDialog } from './AccessibleDialog';
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
  return (
    <AccessibleDialog title={title} onClose={onClose}>
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
    </AccessibleDialog>
  );
}
