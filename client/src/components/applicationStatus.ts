/** Dual School application statuses as staff read them (the stored values stay as the spec has them). */
import { APPLICATION_STATUSES, type ApplicationStatus } from '@planner/shared';
import type { MessageKey, TFunction } from '../i18n';

export { APPLICATION_STATUSES };

const LABELS: Record<ApplicationStatus, MessageKey> = {
  not_started: 'ops.appNotStarted',
  in_progress: 'ops.appInProgress',
  complete: 'ops.appComplete',
  accepted: 'ops.appAccepted',
  enrolled: 'ops.appEnrolled',
  declined: 'ops.appDeclined',
  withdrawn: 'ops.appWithdrawn',
};

/** The label of a status; a value without one is shown as stored. */
export function applicationStatusLabel(t: TFunction, status: string | null | undefined): string {
  if (!status) return '';
  const key = LABELS[status as ApplicationStatus] as MessageKey | undefined;
  return key ? t(key) : status;
}
