/** Which consent forms to export: a grade of a school (the direct ZIP and the queued export alike). */
import { MAX_ID } from '../../core/ids.js';
import { check, type Checked, z } from '../../core/validation.js';
import { badInput } from '../../core/errors.js';
import { REASONS } from '@planner/shared';

const exportSchema = z.object({
  grade: z
    .union([z.string(), z.number()], { error: REASONS.EXPORT_GRADE_REQUIRED })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, REASONS.EXPORT_GRADE_REQUIRED).max(20, REASONS.EXPORT_GRADE_TOO_LONG)),
  school_id: z.union(
    [z.number().int().positive().max(MAX_ID), z.string().regex(/^\d{1,9}$/).transform(Number)],
    { error: REASONS.EXPORT_SCHOOL_ID_INVALID },
  ),
});

export interface ExportInput {
  grade: string;
  schoolId: number;
}

export const checkExportInput = (raw: unknown): Checked<ExportInput> =>
  check(() => {
    const parsed = exportSchema.safeParse(raw ?? {});
    if (!parsed.success) throw badInput(parsed.error.issues[0].message);
    return { grade: parsed.data.grade, schoolId: parsed.data.school_id };
  });
export { exportSchema };
