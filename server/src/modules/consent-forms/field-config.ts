/** Validation of a consent template's field configuration (spec 3 §3), used when staff edit it. */
import { z } from 'zod';
import { badInput, because } from '../../core/errors.js';
import { CONSENT_FONTS, PREFILL_SOURCES, PREFILL_TRANSFORMS, type ConsentFieldConfig } from '@planner/shared/consent-form';
import { isReason, REASONS } from '@planner/shared';

const coordinate = z.number().finite().min(0).max(2000);
const placement = z
  .object({
    page: z.number().int().min(0).max(99).optional(),
    x: coordinate,
    y: coordinate,
    font: z.enum(CONSENT_FONTS),
    font_size: z.number().finite().min(4).max(72),
    color: z.tuple([z.number().min(0).max(255), z.number().min(0).max(255), z.number().min(0).max(255)]),
  })
  .strict();

const studentInfoField = placement
  .extend({
    source: z.enum(PREFILL_SOURCES),
    transform: z.enum(PREFILL_TRANSFORMS).optional(),
  })
  .strict();

export const fieldConfigSchema = z
  .object({
    student_info: z
      .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'FIELD_NAME_INVALID'), studentInfoField)
      .refine((m) => Object.keys(m).length <= 40, 'FIELD_CONFIG_TOO_MANY'),
    student_signature: z.object({ signature: placement, date: placement }).strict(),
    parent_signature: z.object({ printed_name: placement, signature: placement, date: placement }).strict(),
  })
  .strict();

/** Every placement of a configuration, with a readable name for messages. */
function placements(c: ConsentFieldConfig): [string, { page?: number }][] {
  return [
    ...Object.entries(c.student_info).map(([k, v]) => [`student_info.${k}`, v] as [string, { page?: number }]),
    ['student_signature.signature', c.student_signature.signature],
    ['student_signature.date', c.student_signature.date],
    ['parent_signature.printed_name', c.parent_signature.printed_name],
    ['parent_signature.signature', c.parent_signature.signature],
    ['parent_signature.date', c.parent_signature.date],
  ];
}

/** Parses a configuration for a template of `pageCount` pages, or throws a 400 naming the problem. */
export function parseFieldConfig(input: unknown, pageCount: number): ConsentFieldConfig {
  const parsed = fieldConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    // A refusal of the schema's own names its reason's text; zod's wording is echoed as it is.
    throw badInput(because('FIELD_CONFIG_INVALID', { detail: where + (isReason(issue.message) ? REASONS[issue.message] : issue.message) }));
  }
  const config = parsed.data as ConsentFieldConfig;
  assertPagesFit(config, pageCount);
  return config;
}

export function assertPagesFit(config: ConsentFieldConfig, pageCount: number): void {
  for (const [name, p] of placements(config)) {
    const page = p.page ?? 0;
    if (page >= pageCount) {
      throw badInput(because('FIELD_CONFIG_PAGE_OUT_OF_RANGE', { name, page: page + 1, pageCount, s: pageCount === 1 ? '' : 's' }));
    }
  }
}
