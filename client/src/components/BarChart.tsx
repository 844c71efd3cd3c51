/**
 * A small accessible bar chart: each bar is a button with its label and count in text, so it reads
 * the same without the picture; pressing a bar selects it (e.g. to filter a list). No chart library.
 */
export interface Bar {
  key: string;
  label: string;
  count: number;
}

interface Props {
  title: string;
  bars: Bar[];
  /** Noun for the counted things, e.g. "students". */
  unit: string;
  selected?: string | null;
  onSelect?: (key: string) => void;
  empty?: string;
}

export function BarChart({ title, bars, unit, selected, onSelect, empty = 'Nothing to show yet.' }: Props) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <figure className="bar-chart card">
      <figcaption><strong>{title}</strong></figcaption>
      {bars.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul>
          {bars.map((b) => {
            const text = `${b.count} ${b.count === 1 ? unit.replace(/s$/, '') : unit}`;
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
                    aria-label={`${b.label}: ${text}. Show them in the list.`}
                    onClick={() => onSelect(b.key)}
                  >
                    {content}
                  </button>
                ) : (
                  <div className="bar-row" aria-label={`${b.label}: ${text}`}>{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </figure>
  );
}
