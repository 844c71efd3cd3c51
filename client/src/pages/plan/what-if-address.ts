/**
 * The chosen what-if plan travels in the page address (?whatIf=12), so the plan grid, the course
 * catalogue, the course page and the PDF all work on the plan the student picked, and a link or a
 * reload keeps it. No parameter: the official plan.
 */
import { useSearchParams } from 'react-router-dom';

/** The what-if plan named by the page address, or null for the official plan. */
export function chosenWhatIf(params: URLSearchParams): number | null {
  const raw = params.get('whatIf');
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The what-if plan of the current page's address. */
export function useChosenWhatIf(): number | null {
  const [params] = useSearchParams();
  return chosenWhatIf(params);
}

/** The address of a page (the plan, the catalogue, a course page) on the chosen plan. */
export const withWhatIf = (path: string, whatIfPlanId: number | null) => (whatIfPlanId ? `${path}?whatIf=${whatIfPlanId}` : path);
