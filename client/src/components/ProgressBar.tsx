/** A labelled progress bar with its numbers in text: a native <progress> (role progressbar) that screen readers announce. */
import { useId } from 'react';
import { useT } from '../i18n';

interface Props {
  label: string;
  value: number;
  max: number;
  /** The numbers as people read them, e.g. "2 of 3 courses". */
  text: string;
}

export function ProgressBar({ label, value, max, text }: Props) {
  const t = useT();
  const id = useId();
  // Nothing required counts as complete; never more than full.
  const safeMax = max > 0 ? max : 1;
  const safeValue = max > 0 ? Math.min(Math.max(value, 0), max) : 1;
  const percent = Math.round((safeValue / safeMax) * 100);
  const full = t('ops.percent', { text, percent });
  return (
    <div className="progress-bar">
      <span id={id} className="progress-bar-label">
        {label}
      </span>
      <progress aria-labelledby={id} aria-valuetext={full} max={safeMax} value={safeValue} />
      <span className="muted">{full}</span>
    </div>
  );
}
