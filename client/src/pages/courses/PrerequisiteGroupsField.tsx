/**
 * Prerequisite groups of the Add / Edit Course dialogs: repeatable groups, each a searchable
 * multi-select of courses labelled 'Prerequisite Group N', and a + button that adds a group.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { CourseChoicesDocument } from '../../graphql/generated';
import { useT } from '../../i18n';

export interface ChosenCourse {
  uuid: string;
  courseId: string;
  title: string;
}

interface Props {
  groups: ChosenCourse[][];
  onChange(groups: ChosenCourse[][]): void;
}

export function PrerequisiteGroupsField({ groups, onChange }: Props) {
  const t = useT();
  const tipId = useId();
  const shown = groups.length ? groups : [[]];
  const set = (i: number, members: ChosenCourse[]) => onChange(shown.map((g, j) => (j === i ? members : g)));
  return (
    <fieldset className="prereq-groups">
      <legend>
        {t('components.prerequisites')} {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus shows the tooltip to keyboard users */}
        <span className="info-tip" tabIndex={0} title={t('components.prerequisiteTooltip')} aria-describedby={tipId}>
          ?
        </span>
        <span id={tipId} role="tooltip" className="tooltip-text">
          {t('components.prerequisiteTooltip')}
        </span>
      </legend>
      {shown.map((members, i) => (
        <PrerequisiteGroup
          key={i}
          index={i}
          members={members}
          onChange={(m) => set(i, m)}
          onRemove={shown.length > 1 ? () => onChange(shown.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      <button
        type="button"
        className="secondary add-group"
        aria-label={t('components.addPrerequisiteGroup')}
        title={t('components.addPrerequisiteGroup')}
        onClick={() => onChange([...shown, []])}
      >
        +
      </button>
    </fieldset>
  );
}

function PrerequisiteGroup({ index, members, onChange, onRemove }: { index: number; members: ChosenCourse[]; onChange(m: ChosenCourse[]): void; onRemove?: () => void }) {
  const t = useT();
  const label = `Prerequisite Group ${index + 1}`;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, loading } = useQuery(CourseChoicesDocument, { variables: { search, first: 20 }, skip: !search });
  const options = (data?.courseChoices ?? []).filter((c) => !members.some((m) => m.uuid === c.uuid));
  const add = (c: ChosenCourse) => {
    onChange([...members, { uuid: c.uuid, courseId: c.courseId, title: c.title }]);
    setText('');
    setSearch('');
  };
  return (
    <div className="prereq-group" role="group" aria-label={label}>
      <div className="row">
        <strong>{label}</strong>
        {onRemove && (
          <button type="button" className="link" onClick={onRemove}>
            {t('components.removeGroup')}
          </button>
        )}
      </div>
      {members.length > 0 && (
        <ul className="chosen">
          {members.map((m) => (
            <li key={m.uuid}>
              {m.courseId} {m.title}{' '}
              <button
                type="button"
                className="link"
                aria-label={t('components.removeCourseidFromLabel', { courseId: m.courseId, label })}
                onClick={() => onChange(members.filter((x) => x.uuid !== m.uuid))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="search"
        aria-label={t('components.searchCoursesForLabel', { label })}
        placeholder={t('components.searchCoursesByIdOrTitle')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-controls={listId}
        aria-autocomplete="list"
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (options[0]) add(options[0]);
          }
        }}
      />
      {search && (
        <ul id={listId} role="listbox" aria-label={t('components.coursesMatchingSearch', { search })} className="choices">
          {loading && !data && <li className="muted">{t('components.searching')}</li>}
          {!loading && options.length === 0 && <li className="muted">{t('components.noMatchingCourses')}</li>}
          {options.map((c) => (
            <li key={c.uuid} role="option" aria-selected="false" tabIndex={0} onClick={() => add(c)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add(c))}>
              {c.courseId} {c.title} <span className="muted">({c.school.name})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
