/** Opens the plan's PDF (drawn on the server, GET /api/plan-pdf/) in a new tab. */
import { restBlob } from '../../api/rest';

export const PDF_FAILED = 'An error occurred while exporting the plan. Please try again.';

export async function openPlanPdf(whatIfPlanId: number | null = null): Promise<void> {
  // The tab is opened now, while the click still counts as the user's, and filled when the PDF arrives.
  const tab = window.open('', '_blank');
  try {
    const { blob } = await restBlob(whatIfPlanId ? `/api/plan-pdf/?what_if_plan=${whatIfPlanId}` : '/api/plan-pdf/');
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab keeps its own copy once loaded; free ours later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
