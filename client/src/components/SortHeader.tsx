/** A sortable column's header: a button that sorts by it, with aria-sort telling the current order. */
export function SortHeader({ label, sorted, descending, onSort }: { label: string; sorted: boolean; descending: boolean; onSort: () => void }) {
  return (
    <th aria-sort={sorted ? (descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" onClick={onSort}>
        {label} <span aria-hidden="true">{sorted ? (descending ? '▼' : '▲') : ''}</span>
      </button>
    </th>
  );
}
