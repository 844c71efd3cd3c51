/** A searchable school dropdown: type to filter, pick one from the list. */
import { useId, useMemo, useState } from 'react';
import { useT } from '../../i18n';

export interface PickableSchool {
  uuid: string;
  name: string;
  location: string;
  schoolType: string;
}

export function SchoolPicker({ schools, value, onChange }: { schools: PickableSchool[]; value: string; onChange(uuid: string): void }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const listId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return schools.filter((s) => !q || s.name.toLowerCase().includes(q) || s.location.toLowerCase().includes(q));
  }, [schools, query]);
  return (
    <div className="stack">
      <label>
        {t('onboarding.searchSchools')}
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-controls={listId} placeholder={t('onboarding.typeASchoolName')} />
      </label>
      <ul id={listId} className="school-search" role="listbox" aria-label={t('onboarding.schools')}>
        {shown.map((s) => (
          <li key={s.uuid} role="none">
            <button type="button" role="option" aria-selected={value === s.uuid} onClick={() => onChange(s.uuid)}>
              {s.name}{' '}
              <span className="muted">
                ({s.schoolType === 'HS' ? t('onboarding.highSchool') : t('onboarding.college')}, {s.location})
              </span>
            </button>
          </li>
        ))}
      </ul>
      {/* Outside the listbox: a listbox holds only options. */}
      {!shown.length && (
        <p className="muted" role="status" style={{ padding: 8, margin: 0 }}>
          {t('onboarding.noSchoolMatches')}
        </p>
      )}
    </div>
  );
}
