/**
 * Students List (/students-list): search, sortable columns, view as a student. Paged on the
 * server (50 a page, "Load more"), so a school of thousands stays fast.
 */
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { StudentsDocument } from '../../graphql/generated';
import { useViewAsStudent } from '../../session/useViewAsStudent';
import { consentStateLabel } from './consentLabels';

type Sort = 'first_name' | 'last_name' | 'email' | 'grade';
const COLUMNS: { key: Sort; label: string }[] = [
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'email', label: 'Email' },
  { key: 'grade', label: 'Grade' },
];

export default function StudentsListPage() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('first_name');
  const [descending, setDescending] = useState(false);
  const { data, loading, fetchMore } = useQuery(StudentsDocument, { variables: { search, sort, descending, first: 50 } });
  const { view, loading: viewing } = useViewAsStudent('admin');

  function toggle(key: Sort) {
    if (key === sort) setDescending(!descending);
    else {
      setSort(key);
      setDescending(false);
    }
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft);
  }

  const page = data?.students;
  return (
    <main className="page stack">
      <h1>Students List</h1>
      <form className="row" onSubmit={submit} role="search">
        <label style={{ flex: 1 }}>
          <span className="sr-only">Search students</span>
          <input type="search" placeholder="Search by name or email" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {loading && !page ? (
        <p>Loading...</p>
      ) : (
        <>
          <p className="muted">{page?.totalCount ?? 0} students</p>
          <table className="data">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} aria-sort={sort === c.key ? (descending ? 'descending' : 'ascending') : 'none'}>
                    <button type="button" onClick={() => toggle(c.key)}>
                      {c.label} {sort === c.key ? (descending ? '▼' : '▲') : ''}
                    </button>
                  </th>
                ))}
                <th>Parent Consent Form</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {page?.nodes.map((s) => (
                <tr key={s.id}>
                  <td>{s.firstName}</td>
                  <td>{s.lastName}</td>
                  <td>{s.email}</td>
                  <td>{s.grade ?? ''}</td>
                  <td>{consentStateLabel(s.parentConsentFormState)}</td>
                  <td>
                    <button type="button" onClick={() => view(s.id)} disabled={viewing} aria-label={`View ${s.firstName} ${s.lastName}`}>
                      View Student
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page?.hasNextPage && (
            <button type="button" className="secondary" onClick={() => fetchMore({
              variables: { after: page.endCursor },
              updateQuery: (prev, { fetchMoreResult }) => fetchMoreResult ? {
                students: { ...fetchMoreResult.students, nodes: [...prev.students.nodes, ...fetchMoreResult.students.nodes] },
              } : prev,
            })}>
              Load more
            </button>
          )}
        </>
      )}
    </main>
  );
}
