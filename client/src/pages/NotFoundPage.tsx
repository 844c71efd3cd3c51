/** Any path outside the route table. */
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <main className="page stack">
      <h1>Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p><Link to="/">Go to the home page</Link></p>
    </main>
  );
}
