/** Filter by Requirement: entries labelled 'pathway name: requirement name'; choosing one closes the dialog and filters. */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { RequirementFilterOptionsDocument } from '../../graphql/generated';

export interface RequirementChoice {
  uuid: string;
  label: string;
}

export function FilterByRequirementDialog({ onClose, onChoose }: { onClose(): void; onChoose(choice: RequirementChoice): void }) {
  const { data, loading, error } = useQuery(RequirementFilterOptionsDocument);
  const [text, setText] = useState('');
  if (error) console.error('Failed to load the requirements', error);
  const options = (data?.requirementFilterOptions ?? []).filter((o) => o.label.toLowerCase().includes(text.trim().toLowerCase()));
  return (
    <AccessibleDialog title="Filter by Requirement" onClose={onClose}>
      <div className="stack">
        <label>
          Find a requirement
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Pathway or requirement name" />
        </label>
        {loading && !data ? (
          <img src="/spinner.svg" alt="Loading" className="spinner" />
        ) : options.length === 0 ? (
          <p className="muted">No requirements to filter by.</p>
        ) : (
          <ul className="requirement-options" aria-label="Requirements">
            {options.map((o) => (
              <li key={o.uuid}>
                <button type="button" className="secondary" onClick={() => onChoose({ uuid: o.uuid, label: o.label })}>{o.label}</button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccessibleDialog>
  );
}
