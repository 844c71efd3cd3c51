/** "Load more" under a cursor-paged list: shown while the connection has a next page. */
import { useT } from '../i18n';

interface PageInfo {
  hasNextPage: boolean;
  endCursor?: string | null;
}

export function LoadMoreButton({ page, onMore }: { page: PageInfo | null | undefined; onMore: (after: string | null | undefined) => void }) {
  const t = useT();
  if (!page?.hasNextPage) return null;
  return (
    <button type="button" className="secondary" onClick={() => onMore(page.endCursor)}>
      {t('common.loadMore')}
    </button>
  );
}
