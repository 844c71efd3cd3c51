/** Opens the plan's PDF (drawn on the server, GET /api/plan-pdf/) in a new tab. */
import type { MessageKey } from '../../i18n/en';
import { restBlob } from '../../api/rest';

/** The catalogue key of the alert when the export fails. */
export const PDF_FAILED: MessageKey = 'plan.pdfFailed';

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
