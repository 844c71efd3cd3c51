/**
 * The demo pathways: Lincoln's graduation, transfer and STEM pathways and Valley's AA head start,
 * each requirement fulfilled by real catalogue courses (seed-catalogues.ts runs first). Their
 * names match the onboarding goals (graduation, transfer / UC / CSU, AA), so a new student's
 * generated plan has something to place.
 */
import type { EntityManager } from 'typeorm';
import { CourseRequirement, Pathway, Requirement } from '../modules/pathways/pathway.entity.js';
import { coursesByCode } from './seed-catalogues.js';

interface DemoRequirement {
  name: string;
  description: string;
  courses: number;
  units: number;
  fulfilledBy: string[];
}
interface DemoPathway {
  school: 'lincoln' | 'valley';
  name: string;
  description: string;
  color: string;
  requirements: DemoRequirement[];
}

const DEMO_PATHWAYS: DemoPathway[] = [
  {
    school: 'lincoln',
    name: 'High School Graduation',
    color: 'red',
    description: 'What every Lincoln student completes for a diploma.',
    requirements: [
      { name: 'English', description: 'Four years of English.', courses: 4, units: 0, fulfilledBy: ['2401', '2404', '2501', '2504', '2601', '2608', '2715', '2606'] },
      {
        name: 'Mathematics',
        description: 'Three years of mathematics, through Algebra II.',
        courses: 3,
        units: 0,
        fulfilledBy: ['4301', '4304', '4401', '4402', '4506', '4504', '4502', '4701', '4704', '4707', '4601'],
      },
      {
        name: 'Science',
        description: 'Two years of laboratory science.',
        courses: 2,
        units: 0,
        fulfilledBy: ['7201', '7101', '7301', '7206', '7104', '9999', '7400', '7209', '7306', '7407', '7210'],
      },
      {
        name: 'Social Studies',
        description: 'US History, US Government and Economics or equivalent.',
        courses: 0,
        units: 3,
        fulfilledBy: ['8304', '8310', '8401', '8405', '8701', '8101', '8201', '8605', '8702', '8703', '8410', '8700'],
      },
      {
        name: 'World Languages or Fine Arts',
        description: 'One year of a world language or of the arts.',
        courses: 1,
        units: 0,
        fulfilledBy: ['3101', '3102', '3103', '3104', '1210', '1201', '1220', '1221', '1101', '1301'],
      },
      {
        name: 'Physical Education and Health',
        description: 'Health and one PE course.',
        courses: 2,
        units: 0,
        fulfilledBy: ['6105', '6101', '6102', '6106', '6113', '6115'],
      },
    ],
  },
  {
    school: 'lincoln',
    name: 'UC/CSU Transfer Ready',
    color: 'blue',
    description: 'Valley Community College courses that Lincoln accepts and that transfer to the UC and CSU.',
    requirements: [
      { name: 'English Composition', description: 'One college composition course.', courses: 1, units: 0, fulfilledBy: ['ENGL C1000', 'ENGL C1001'] },
      {
        name: 'Quantitative Reasoning',
        description: 'One college mathematics or statistics course.',
        courses: 1,
        units: 0,
        fulfilledBy: ['MATH 2', 'MATH 7', 'MATH 8', 'STAT C1000'],
      },
      {
        name: 'Social and Behavioral Sciences',
        description: 'One college social science course.',
        courses: 1,
        units: 0,
        fulfilledBy: ['PSYCH 2', 'HIST 11', 'HIST 12', 'ECON 1', 'ECON 2'],
      },
    ],
  },
  {
    school: 'lincoln',
    name: 'STEM',
    color: 'green',
    description: 'Computer science, advanced mathematics and laboratory science for engineering and science majors.',
    requirements: [
      { name: 'Computer Science', description: 'Two computer science courses.', courses: 2, units: 0, fulfilledBy: ['5105', '5606', '5700', '5115'] },
      { name: 'Advanced Mathematics', description: 'Precalculus or beyond.', courses: 1, units: 0, fulfilledBy: ['4701', '4704', '4601', '4502'] },
      {
        name: 'Advanced Laboratory Science',
        description: 'Chemistry, physics or an advanced science.',
        courses: 2,
        units: 0,
        fulfilledBy: ['7301', '7400', '7306', '7210', '9999'],
      },
    ],
  },
  {
    school: 'valley',
    name: 'AA Degree Head Start',
    color: 'purple',
    description: 'General education courses that start an Associate in Arts at Valley Community College.',
    requirements: [
      { name: 'English', description: 'College composition.', courses: 1, units: 0, fulfilledBy: ['ENGL C1000'] },
      { name: 'Mathematics', description: 'College mathematics or statistics.', courses: 1, units: 0, fulfilledBy: ['MATH 2', 'STAT C1000'] },
      { name: 'Natural Sciences', description: 'A biology or chemistry course.', courses: 0, units: 4, fulfilledBy: ['BIOL 3', 'CHEM 10'] },
      { name: 'Arts and Humanities', description: 'An arts, music or language course.', courses: 1, units: 0, fulfilledBy: ['ART 10A', 'MUSIC 32', 'SPAN 1'] },
    ],
  },
];

export async function seedDemoPathways(m: EntityManager, lincolnId: number, valleyId: number): Promise<void> {
  const schoolIds = { lincoln: lincolnId, valley: valleyId };
  for (const p of DEMO_PATHWAYS) {
    const schoolId = schoolIds[p.school];
    const pathway = await m.getRepository(Pathway).save({ schoolId, name: p.name, description: p.description, color: p.color });
    for (const r of p.requirements) {
      const requirement = await m.getRepository(Requirement).save({
        pathwayId: pathway.id,
        name: r.name,
        description: r.description,
        numberOfCourses: r.courses,
        numberOfUnits: r.units,
      });
      // Lincoln's pathways may list its partner college's courses too.
      const courses = new Map([
        ...(await coursesByCode(
          m,
          valleyId,
          r.fulfilledBy.filter((c) => /[A-Z]/.test(c)),
        )),
        ...(await coursesByCode(
          m,
          lincolnId,
          r.fulfilledBy.filter((c) => !/[A-Z]/.test(c)),
        )),
      ]);
      await m.getRepository(CourseRequirement).insert(r.fulfilledBy.map((code) => ({ courseId: courses.get(code)!.id, requirementId: requirement.id })));
    }
  }
}
