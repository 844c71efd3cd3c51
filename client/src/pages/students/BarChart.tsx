/**
 * A small accessible bar chart: each bar is a button with its label and count in text, so it reads
 * the same without the picture; pressing a bar selects it (e.g. to filter a list). No chart library.
 */
import { useT } from '../../i18n';

export interface Bar {
  key: string;
  label: string;
  count: number;
}

interface Props {
  title: string;
  bars: Bar[];
  /** How to say a count, e.g. (n) => "3 students". */
  countText: (count: number) => string;
  selected?: string | null;
  onSelect?: (key: string) => void;
  empty?: string;
}

export function BarChart({ title, bars, countText, selected, onSelect, empty }: Props) {
  const t = useT();
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <figure className="bar-chart card">
      <figcaption>
        <strong>{title}</strong>
      </figcaption>
      {bars.length === 0 ? (
        <p className="muted">{empty ?? t('ops.nothingYet')}</p>
      ) : (
        <ul>
          {bars.map((b) => {
            const content = (
              <>
                <span className="bar-label">{b.label}</span>
                <span className="bar-track" aria-hidden="true">
                  <span className="bar-fill" style={{ width: `${(b.count / max) * 100}%` }} />
                </span>
                <span className="bar-value">{b.count}</span>
              </>
            );
            return (
              <li key={b.key}>
                {onSelect ? (
                  <button
                    type="button"
                    className="bar-row link"
                    aria-pressed={selected === b.key}
                    aria-label={t('ops.barLabel', { label: b.label, count: countText(b.count) })}
                    onClick={() => onSelect(b.key)}
                  >
                    {content}
                  </button>
                ) : (
                  <div className="bar-row" aria-label={t('ops.barLabelStatic', { label: b.label, count: countText(b.count) })}>
                    {content}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </figure>
  );
}
