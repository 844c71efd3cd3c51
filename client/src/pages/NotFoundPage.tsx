/** Any path outside the route table. */
import { Link } from 'react-router-dom';
import { useT } from '../i18n';

export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="page stack">
      <h1>{t('pages.pageNotFound')}</h1>
      <p>{t('pages.thereIsNoPageAtThis')}</p>
      <p>
        <Link to="/">{t('pages.goToTheHomePage')}</Link>
      </p>
    </main>
  );
}
