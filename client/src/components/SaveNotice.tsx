/** What a small settings form says after a save: done (a quiet status line) or refused (an alert). */
export interface SaveNotice {
  ok: boolean;
  text: string;
}

export function SaveNoticeLine({ notice }: { notice: SaveNotice | null }) {
  if (!notice) return null;
  return (
    <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'muted' : 'alert alert-danger'}>
      {notice.text}
    </p>
  );
}
