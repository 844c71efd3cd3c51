/** The sign-up error catalogue of platform §8: the server's refusals, by reason, mapped to what the person reads. */
import type { Reason } from '@planner/shared';
import { serverMessage, type ErrorInfo } from '../../graphql/errors';
import type { MessageKey, TFunction } from '../../i18n';

/** Refusals the sign-up page words its own way (the others read as the server's reason says). */
const BY_REASON: Partial<Record<Reason, MessageKey>> = {
  INVALID_SIGNUP_CODE: 'accounts.signUpInvalidCode',
  EMAIL_EXISTS: 'accounts.signUpUserExists',
  ALL_FIELDS_REQUIRED: 'accounts.signUpAllFields',
};

export function signUpErrorMessage(t: TFunction, info: ErrorInfo): string {
  const key = info.reason ? BY_REASON[info.reason as Reason] : undefined;
  if (key) return t(key);
  const server = serverMessage(info);
  if (server) return server;
  if (info.status === 400) return t('accounts.signUpCheckInfo');
  if (info.status === 500) return t('accounts.signUpServerError');
  return t('accounts.signUpOtherError');
}
