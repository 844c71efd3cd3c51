/** Dual School application statuses as staff read them (the stored values stay as the spec has them). */
import type { MessageKey, TFunction } from '../i18n';

export const APPLICATION_STATUSES = ['not_started', 'in_progress', 'complete', 'accepted', 'declined', 'enrolled'] as const;

const LABELS: Record<string, MessageKey> = {
  not_started: 'ops.appNotStarted', in_progress: 'ops.appInProgress', complete: 'ops.appComplete',
  accepted: 'ops.appAccepted', enrolled: 'ops.appEnrolled', declined: 'ops.appDeclined',
};

/** The label of a status; a value without one is shown as stored. */
export function applicationStatusLabel(t: TFunction, status: string | null | undefined): string {
  if (!status) return '';
  return LABELS[status] ? t(LABELS[status]) : status;
}
