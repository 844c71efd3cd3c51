/**
 * Fixtures of the trust area: one school pair (A and B) with an object of every area in school A,
 * a partner college, a dual school with an applicant, and a token maker for every actor of the
 * authorization matrix.
 */
import crypto from 'node:crypto';
import type { Harness } from '../../test/harness.js';
import { ParentStudentLink, User, UserType } from '../accounts/user.entity.js';
import { buildApplicant, buildDualSchool, completeRecords, SAMPLE_FILES } from '../admissions/admissions.factories.js';
import { insertForm } from '../consent-forms/consent-forms.factories.js';
import { buildCourse, buildPathway, buildRequirement, attach, partner, schedule } from '../pathways/pathways.factories.js';
import type { School } from '../schools/school.entity.js';
import type { Course } from '../courses/course.entity.js';
import type { Pathway, Requirement } from '../pathways/pathway.entity.js';

/** Actors of the matrix, in the order the test runs them: owners last, so their writes do not hide another actor's answer. */
export const ACTORS = [
  'anon',
  'expired',
  'revoked',
  'otherStudent',
  'otherAdmin',
  'unlinkedParent',
  'baseline',
  'parentAsStudent',
  'parent',
  'student',
  'applicant',
  'dualAdmin',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];

export interface World {
  schoolA: School;
  schoolB: School;
  college: School;
  dual: School;
  student: User;
  otherStudent: User;
  parent: User;
  unlinkedParent: User;
  admin: User;
  otherAdmin: User;
  baseline: User;
  applicant: User;
  dualAdmin: User;
  course: Course;
  collegeCourse: Course;
  pathway: Pathway;
  requirement: Requirement;
  scheduledId: number;
  applicationId: number;
  transcriptId: number;
  consentFormId: string;
}

export async function buildWorld(h: Harness): Promise<World> {
  const flags = {
    hsFullAccessEnabled: true,
    cccApplyEnabled: true,
    parentFormEnabled: true,
    baselinePlansEnabled: true,
    fourYearPlanEnabled: true,
    planApprovalEnabled: true,
  };
  const schoolA = await h.buildSchool({ name: `Trust A ${crypto.randomBytes(3).toString('hex')}`, ...flags });
  const schoolB = await h.buildSchool({ name: `Trust B ${crypto.randomBytes(3).toString('hex')}`, ...flags });
  const college = await h.buildSchool({ name: `Trust College ${crypto.randomBytes(3).toString('hex')}`, schoolType: 'CLG' as School['schoolType'] });
  await partner(h, schoolA, college);
  const student = await h.buildStudent({ school: schoolA, firstName: 'Ada', lastName: 'Matrix' });
  await h.db.query(`UPDATE users SET dob = '07042009', guardian_first_name = 'Pat', guardian_last_name = 'Matrix', guardian_phone = '+12015550111' WHERE id = $1`, [
    student.id,
  ]);
  const otherStudent = await h.buildStudent({ school: schoolB, firstName: 'Bo', lastName: 'Other' });
  const parent = await h.buildParent({ school: schoolA, students: [student] });
  const unlinkedParent = await h.buildParent({ school: schoolA });
  const admin = await h.buildStaff({ school: schoolA });
  const otherAdmin = await h.buildStaff({ school: schoolB });
  const baseline = await h.buildUser(UserType.BaselinePlan, {
    school: schoolA,
    firstName: 'Baseline',
    lastName: 'Plan',
    email: `baseline_plan_${crypto.randomBytes(4).toString('hex')}`,
  });
  const course = await buildCourse(h, schoolA);
  const collegeCourse = await buildCourse(h, college);
  const pathway = await buildPathway(h, schoolA);
  const requirement = await buildRequirement(h, pathway);
  await attach(h, course, requirement);
  const scheduled = await schedule(h, student, course, '1');
  const consentFormId = await insertForm(h, student, 'student_signed', SAMPLE_FILES.pdf);

  const dual = await buildDualSchool(h);
  const dualAdmin = await h.buildStaff({ school: dual });
  const applicant = await buildApplicant(h, dual);
  const token = await h.tokenFor(applicant);
  const saved = await h.api.patch('/api/application/').set(h.auth(token)).send({ application_status: 'in_progress', form_data: completeRecords() });
  if (saved.status !== 200) throw new Error(`application: ${JSON.stringify(saved.body)}`);
  const up = await h.api.post('/api/application/').set(h.auth(token)).attach('file', SAMPLE_FILES.pdf, 'grades.pdf');
  if (up.status >= 300) throw new Error(`transcript: ${up.status} ${JSON.stringify(up.body)}`);
  const [tf] = await h.db.query('SELECT id FROM transcript_files ORDER BY id DESC LIMIT 1');
  return {
    schoolA,
    schoolB,
    college,
    dual,
    student,
    otherStudent,
    parent,
    unlinkedParent,
    admin,
    otherAdmin,
    baseline,
    applicant,
    dualAdmin,
    course,
    collegeCourse,
    pathway,
    requirement,
    scheduledId: scheduled.id,
    applicationId: saved.body.id,
    transcriptId: tf.id,
    consentFormId,
  };
}

/** A fresh token for `actor` (fresh per call, so a logout or a view-as swap never leaks into the next cell). */
export async function tokenOf(h: Harness, w: World, actor: Actor): Promise<string | null> {
  switch (actor) {
    case 'anon':
      return null;
    case 'expired': {
      const t = await h.tokenFor(w.student);
      await h.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [t]);
      return t;
    }
    case 'revoked': {
      const t = await h.tokenFor(w.student);
      await h.db.query(`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [t]);
      return t;
    }
    case 'parentAsStudent':
      return h.services.accounts.issueToken(w.student.id, { actingUserId: w.parent.id, readOnly: true });
    default:
      return h.tokenFor(w[actor]);
  }
}

export { ParentStudentLink };

/** Every route of the built app, as 'METHOD /mount/path', read from the Express router stack. */
export function restRoutes(app: any): string[] {
  const out: string[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const m of Object.keys(layer.route.methods)) {
            if (m === '_all') continue;
            // The course form parser shares paths with real routes; it is not a route of its own.
            if (layer.route.stack.every((l: any) => l.name === 'parseForm')) continue;
            out.push(`${m.toUpperCase()} ${prefix}${p}`);
          }
        }
      } else if (layer.name === 'router' && layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(app.router.stack, '');
  return [...new Set(out)].filter((r) => !r.endsWith(' /{*splat}') && r !== 'GET /').sort();
}
