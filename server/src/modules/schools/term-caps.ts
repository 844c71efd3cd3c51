/**
 * A school's per-term caps: the most units and courses one term of a plan holds. A school that set
 * none keeps the values used before they were a setting: a high-school year at most 7 units
 * (year-long courses count 1 unit) and 8 courses; a college term at most 16 units and 6 courses.
 */
export interface TermCaps {
  units: number;
  courses: number;
}

export const TERM_CAPS: Record<'HS' | 'CLG', TermCaps> = {
  HS: { units: 7, courses: 8 },
  CLG: { units: 16, courses: 6 },
};

/** The caps in force for a school: its own settings, else the default of its type. */
export function termCapsOf(school: { schoolType: string; termUnitCap: number | null; termCourseCap: number | null }): TermCaps {
  const fallback = TERM_CAPS[school.schoolType === 'CLG' ? 'CLG' : 'HS'];
  return { units: school.termUnitCap ?? fallback.units, courses: school.termCourseCap ?? fallback.courses };
}
