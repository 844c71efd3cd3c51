/** The outbox list's filter and page (GET /api/outbox/?status=&limit=&offset= and its query), parsed by both adapters. */
import { badInput, because } from '../../core/errors.js';
import { check, type Checked } from '../../core/validation.js';
import { OUTBOX_STATUSES, type OutboxStatus } from '../outbox/outbox.entity.js';

export interface OutboxFilter {
  status: OutboxStatus | null;
  limit: number;
  offset: number;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

export function parseOutboxFilter(raw: { status?: unknown; limit?: unknown; offset?: unknown } = {}): OutboxFilter {
  const status = given(raw.status) ? String(raw.status) : null;
  if (status && !(OUTBOX_STATUSES as readonly string[]).includes(status)) throw badInput(because('OUTBOX_STATUS_INVALID'));
  const limit = given(raw.limit) ? Number(raw.limit) : 50;
  const offset = given(raw.offset) ? Number(raw.offset) : 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badInput(because('OUTBOX_LIMIT_INVALID'));
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw badInput(because('OUTBOX_OFFSET_INVALID'));
  return { status: status as OutboxStatus | null, limit, offset };
}

export const checkOutboxFilter = (raw: { status?: unknown; limit?: unknown; offset?: unknown } = {}): Checked<OutboxFilter> => check(() => parseOutboxFilter(raw));
