/** Filter by Requirement: entries labelled 'pathway name: requirement name'; choosing one closes the dialog and filters. */
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { AccessibleDialog } from '../../components/AccessibleDialog';
import { RequirementFilterOptionsDocument } from '../../graphql/generated';
import { useT } from '../../i18n';

export interface RequirementChoice {
  uuid: string;
  label: string;
}

export function FilterByRequirementDialog({ onClose, onChoose }: { onClose(): void; onChoose(choice: RequirementChoice): void }) {
  const t = useT();
  const { data, loading, error } = useQuery(RequirementFilterOptionsDocument);
  const [text, setText] = useState('');
  if (error) console.error('Failed to load the requirements', error);
  const options = (data?.requirementFilterOptions ?? []).filter((o) => o.label.toLowerCase().includes(text.trim().toLowerCase()));
  return (
    <AccessibleDialog title={t('courses.filterByRequirement')} onClose={onClose}>
      <div className="stack">
        <label>
          {t('courses.findARequirement')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('courses.pathwayOrRequirementName')} />
        </label>
        {loading && !data ? (
          <img src="/spinner.svg" alt={t('courses.loading')} className="spinner" />
        ) : options.length === 0 ? (
          <p className="muted">{t('courses.noRequirementsToFilterBy')}</p>
        ) : (
          <ul className="requirement-options" aria-label={t('courses.requirements')}>
            {options.map((o) => (
              <li key={o.uuid}>
                <button type="button" className="secondary" onClick={() => onChoose({ uuid: o.uuid, label: o.label })}>
                  {o.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccessibleDialog>
  );
}
