/**
 * The what-if plan calls' payloads: a name (1..80 characters once trimmed, no NUL) and how a new
 * plan starts (empty, a copy of the official plan, or a copy of a baseline plan). Both adapters
 * parse with the `check…` functions; the service raises a refusal after its permission checks.
 */
import { badInput, because } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { check, hasNul, NUL_MESSAGE, type Checked } from '../../core/validation.js';

export const MAX_WHAT_IF_NAME = 80;
export const MAX_WHAT_IF_PLANS = 5;

export const WHAT_IF_INPUT_MESSAGES = {
  nameRequired: 'WHAT_IF_NAME_REQUIRED',
  nameTooLong: because('WHAT_IF_NAME_TOO_LONG', { max: MAX_WHAT_IF_NAME }),
  startInvalid: 'WHAT_IF_START_INVALID',
  baselineRequired: 'WHAT_IF_BASELINE_REQUIRED',
} as const;

export const WHAT_IF_STARTS = ['empty', 'official', 'baseline'] as const;
export type WhatIfStart = (typeof WHAT_IF_STARTS)[number];

export interface WhatIfCreate {
  name: string;
  start: WhatIfStart;
  /** The baseline plan (a type-4 user id) when start is 'baseline'. */
  baselineId: number | null;
}

export function whatIfName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) throw badInput(because(WHAT_IF_INPUT_MESSAGES.nameRequired));
  if (hasNul(name)) throw badInput(because(NUL_MESSAGE));
  // Characters as people count them (code points), the same count as the database's char_length.
  if ([...name].length > MAX_WHAT_IF_NAME) throw badInput(WHAT_IF_INPUT_MESSAGES.nameTooLong);
  return name;
}

export const checkWhatIfName = (raw: unknown): Checked<string> => check(() => whatIfName(raw));

export const checkWhatIfCreate = (raw: { name?: unknown; start?: unknown; baselineId?: unknown }): Checked<WhatIfCreate> =>
  check(() => {
    const name = whatIfName(raw.name);
    const start = raw.start === undefined || raw.start === null ? 'empty' : raw.start;
    if (typeof start !== 'string' || !(WHAT_IF_STARTS as readonly string[]).includes(start)) throw badInput(because(WHAT_IF_INPUT_MESSAGES.startInvalid));
    if (start !== 'baseline') return { name, start: start as WhatIfStart, baselineId: null };
    if (raw.baselineId === undefined || raw.baselineId === null || raw.baselineId === '') throw badInput(because(WHAT_IF_INPUT_MESSAGES.baselineRequired));
    return { name, start: 'baseline', baselineId: parseId(raw.baselineId, 'baseline plan') };
  });

/** A plan of the compare view: 'official', or a what-if plan's id. */
export type ComparedPlan = { kind: 'official' } | { kind: 'whatIf'; id: number };

export function comparedPlan(raw: unknown): ComparedPlan {
  if (raw === undefined || raw === null || raw === '' || raw === 'official') return { kind: 'official' };
  return { kind: 'whatIf', id: parseId(raw, 'what-if plan') };
}

export const checkCompared = (left: unknown, right: unknown): Checked<[ComparedPlan, ComparedPlan]> => check(() => [comparedPlan(left), comparedPlan(right)]);
