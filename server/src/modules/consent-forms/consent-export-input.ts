/** Which consent forms to export: a grade of a school (the direct ZIP and the queued export alike). */
import { MAX_ID } from '../../core/ids.js';
import { check, parseInput, type Checked, z } from '../../core/validation.js';

const exportSchema = z.object({
  grade: z
    .union([z.string(), z.number()], { error: 'EXPORT_GRADE_REQUIRED' })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'EXPORT_GRADE_REQUIRED').max(20, 'EXPORT_GRADE_TOO_LONG')),
  school_id: z.union(
    [
      z.number().int().positive().max(MAX_ID),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: 'EXPORT_SCHOOL_ID_INVALID' },
  ),
});

export interface ExportInput {
  grade: string;
  schoolId: number;
}

export const checkExportInput = (raw: unknown): Checked<ExportInput> =>
  check(() => {
    const parsed = parseInput(exportSchema, raw);
    return { grade: parsed.grade, schoolId: parsed.school_id };
  });
export { exportSchema };
