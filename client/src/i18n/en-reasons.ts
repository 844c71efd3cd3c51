/** The English of the server's refusals by reason: the spec's text itself, from REASONS (reason-keys.ts lists the codes). */
import { REASONS } from '@planner/shared';
import { reasonKey, TRANSLATED_REASONS, type TranslatedReason } from './reason-keys';

export const enReasons = Object.fromEntries(TRANSLATED_REASONS.map((r) => [reasonKey(r), REASONS[r]])) as { [R in TranslatedReason as `reason.${R}`]: string };
