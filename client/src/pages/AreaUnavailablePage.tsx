/**
 * Routes of the spec's table whose area is not built yet answer with this page, so every path is
 * reachable and says plainly where it stands instead of showing a blank screen.
 */
export default function AreaUnavailablePage({ title }: { title: string }) {
  return (
    <main className="page stack">
      <h1>{title}</h1>
      <p>This part of Pathway Planner is not available yet. Your school will be told when it opens.</p>
    </main>
  );
}
