/**
 * The demo catalogues: Lincoln High School gets a real high-school catalogue and Valley Community
 * College a real community-college one (server/src/db/catalogues/, copied next to the compiled seed
 * by `npm run build`), imported through the course CSV importer; a few Valley courses are accepted
 * as transferable for Lincoln so Lincoln's students see them in Explore Courses.
 */
import fs from 'node:fs';
import { In, type EntityManager } from 'typeorm';
import { Course } from '../modules/courses/course.entity.js';
import { importCatalogue } from '../modules/courses/catalogue-store.js';

export const DEMO_TRANSFERS: { courseId: string; adjustedUnits: number }[] = [
  { courseId: 'ENGL C1000', adjustedUnits: 1 },
  { courseId: 'MATH 2', adjustedUnits: 1 },
  { courseId: 'PSYCH 2', adjustedUnits: 1 },
  { courseId: 'HIST 11', adjustedUnits: 1 },
];

export function readCatalogue(name: 'high-school-catalog.csv' | 'community-college-catalog.csv'): string {
  return fs.readFileSync(new URL(`./catalogues/${name}`, import.meta.url), 'utf8');
}

export async function seedCatalogues(m: EntityManager, highSchoolId: number, collegeId: number, acceptedBy: number | null = null): Promise<void> {
  await importCatalogue(m, highSchoolId, readCatalogue('high-school-catalog.csv'));
  await importCatalogue(m, collegeId, readCatalogue('community-college-catalog.csv'));
  await m.query(
    `INSERT INTO course_transfers (course_id, school_id, adjusted_units, accepted_by)
     SELECT c.id, $2, t.units, $4
       FROM unnest($3::text[], $5::numeric[]) AS t(course_id, units)
       JOIN courses c ON c.course_id = t.course_id AND c.school_id = $1
     ON CONFLICT (course_id, school_id) DO NOTHING`,
    [collegeId, highSchoolId, DEMO_TRANSFERS.map((t) => t.courseId), acceptedBy, DEMO_TRANSFERS.map((t) => t.adjustedUnits)],
  );
}

/** A school's courses by course_id; every code must exist (the demo data names catalogue courses only). */
export async function coursesByCode(m: EntityManager, schoolId: number, codes: string[]): Promise<Map<string, Course>> {
  const rows = await m.getRepository(Course).findBy({ schoolId, courseId: In([...new Set(codes)]) });
  const byCode = new Map(rows.map((c) => [c.courseId, c]));
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length) throw new Error(`The demo data names courses the catalogue lacks: ${missing.join(', ')}`);
  return byCode;
}
