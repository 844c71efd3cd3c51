/**
 * The notes on a student's plan: a thread the student, their parents and their school's staff
 * write in. Shown beside the plan (the student's own, and the counselor's or parent's view of it)
 * and on the parent's My Students page. Notes are plain text rendered as React text; http(s)
 * addresses become links that open apart from the app. Times are in the reader's language.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { AddPlanNoteDocument, DeletePlanNoteDocument, PlanNotesDocument } from '../../graphql/generated';
import { messageOr } from '../../graphql/errors';
import { useT, type MessageKey } from '../../i18n';
import { formatDateTime } from '../../i18n/formats';
import { linkify } from './linkify';
import './notes.css';

export const NOTE_MAX_CHARS = 2000;

const ROLES = ['staff', 'student', 'parent'] as const;

/**
 * `studentId`: the student whose notes these are; left out, the caller's own plan (a student, or a
 * view-as token). `heading`: the panel's title where "Notes" alone would not say whose.
 */
export function NotesPanel({ studentId, heading }: { studentId?: number; heading?: string }) {
  const t = useT();
  const id = useId();
  const variables = { studentId: studentId ?? null };
  const { data, loading, error, refetch } = useQuery(PlanNotesDocument, { variables, fetchPolicy: 'cache-and-network' });
  const [addNote, adding] = useMutation(AddPlanNoteDocument);
  const [deleteNote, deleting] = useMutation(DeletePlanNoteDocument);
  const [body, setBody] = useState('');
  const [staffOnly, setStaffOnly] = useState(false);
  const [message, setMessage] = useState('');

  const thread = data?.planNotes;
  const length = [...body.trim()].length;
  const role = (r: string) => ((ROLES as readonly string[]).includes(r) ? t(`notes.role_${r}` as MessageKey) : r);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage('');
    if (length === 0) return setMessage(t('notes.emptyNote'));
    if (length > NOTE_MAX_CHARS) return setMessage(t('notes.tooLong'));
    try {
      await addNote({ variables: { ...variables, body, staffOnly: thread?.canMarkStaffOnly ? staffOnly : null } });
      setBody('');
      setStaffOnly(false);
      await refetch();
    } catch (err) {
      console.error('Failed to add the note', err);
      setMessage(messageOr(err, t('notes.saveFailed')));
    }
  }

  async function remove(noteId: number) {
    setMessage('');
    try {
      await deleteNote({ variables: { id: noteId } });
      await refetch();
    } catch (err) {
      console.error('Failed to delete the note', err);
      setMessage(messageOr(err, t('notes.deleteFailed')));
    }
  }

  return (
    <section className="card notes-panel stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{heading ?? t('notes.title')}</h2>
      {error && !thread ? (
        <div className="alert alert-danger" role="alert">
          {t('notes.loadFailed')}
        </div>
      ) : loading && !thread ? (
        <p role="status">{t('common.loading')}</p>
      ) : thread && thread.notes.length === 0 ? (
        <p className="muted">{t('notes.none')}</p>
      ) : (
        <ol className="notes-list">
          {thread?.notes.map((n) => {
            const author = n.authorName ?? t('notes.formerUser');
            const written = new Date(String(n.createdAt));
            return (
              <li key={n.id} className={n.staffOnly ? 'note staff-only' : 'note'}>
                <div className="note-head">
                  <strong>{author}</strong>
                  <span className="note-role">{role(n.authorRole)}</span>
                  {n.staffOnly && <span className="note-badge">{t('notes.staffOnly')}</span>}
                  <time dateTime={written.toISOString()}>{formatDateTime(written)}</time>
                </div>
                <p className="note-body">
                  {linkify(n.body).map((p, i) =>
                    'href' in p ? (
                      <a key={i} href={p.href} target="_blank" rel="noopener noreferrer">
                        {p.text}
                      </a>
                    ) : (
                      <span key={i}>{p.text}</span>
                    ),
                  )}
                </p>
                {n.canDelete && (
                  <button
                    type="button"
                    className="link"
                    disabled={deleting.loading}
                    onClick={() => remove(n.id)}
                    aria-label={t('notes.deleteNoteBy', { name: author, time: formatDateTime(written) })}
                  >
                    {t('notes.delete')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {message && (
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
      )}
      {thread?.canWrite && (
        <form className="stack notes-form" onSubmit={submit}>
          <label htmlFor={`${id}-body`}>{t('notes.newNote')}</label>
          <textarea id={`${id}-body`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} aria-describedby={`${id}-count`} />
          <p id={`${id}-count`} className={length > NOTE_MAX_CHARS ? 'small note-over' : 'small muted'}>
            {t('notes.charactersLeft', { count: NOTE_MAX_CHARS - length })}
          </p>
          {thread.canMarkStaffOnly && (
            <label className="row">
              <input type="checkbox" checked={staffOnly} onChange={(e) => setStaffOnly(e.target.checked)} /> {t('notes.markStaffOnly')}
            </label>
          )}
          <div className="row">
            <button type="submit" disabled={adding.loading}>
              {adding.loading ? t('notes.adding') : t('notes.add')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
