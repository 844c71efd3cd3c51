/** The spec's course, transferability, partner-school, tag and CSV routes (spec 2 §7), over CoursesService. */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { route, type AdapterContext, type AppDeps } from '../../adapters.js';
import { badInput, because } from '../../core/errors.js';
import { sendPagedList } from '../../core/http.js';
import type { Course } from './course.entity.js';
import { COURSE_MESSAGES, MAX_PAGE, type CourseListKind, type CoursePage, type CourseQuery, type CoursesService } from './courses.service.js';
import type { CourseView, RequirementInfo } from './course-view.js';
import { checkCourseInput, checkCourseUpdate, checkTransferInput } from './course-input.js';
import { tooLargeMessage } from './course-upload.js';
import type { ImportResult } from './catalogue-store.js';
import { REASONS } from '@planner/shared';

function requirementJson(r: RequirementInfo) {
  return {
    uuid: r.uuid,
    name: r.name,
    pathway_uuid: r.pathwayUuid,
    pathway_name: r.pathwayName,
    pathway_names: r.pathwayNames,
    pathway_colors: r.pathwayColors,
    school_uuid: r.schoolUuid,
    school_name: r.schoolName,
    label: r.label,
  };
}

/** Course JSON of spec §3. */
export function courseJson(v: CourseView) {
  const c = v.course;
  return {
    uuid: c.uuid,
    UUID: c.uuid,
    id: c.id,
    course_id: c.courseId,
    title: c.title,
    description: c.description,
    units: c.units,
    subject: c.subject,
    offered_terms: c.offeredTerms,
    school: { name: v.school.name, uuid: v.school.uuid, primary_color: v.school.primaryColor, school_type: v.school.schoolType },
    is_scheduled: v.isScheduled,
    prerequisites: v.prerequisites.map((p) => ({ id: p.id, uuid: p.uuid, course_id: p.courseId, title: p.title })),
    prerequisite_groups: v.prerequisiteGroups,
    prerequisite_groups_uuids: v.prerequisiteGroupsUuids,
    tags: v.tags,
    formatted_tags: v.formattedTags.map((t) => ({ name: t.name, color: t.color, key: t.key })),
    units_info: v.unitsInfo.map((u) => ({
      school_name: u.schoolName,
      school_uuid: u.schoolUuid,
      units: u.units,
      primary_color: u.primaryColor,
      requirements: u.requirements.map(requirementJson),
    })),
    requirements: v.requirements.map(requirementJson),
    non_duplicables: v.nonDuplicables.map((g) => g.map(requirementJson)),
  };
}

async function viewsJson(ctx: AdapterContext, courses: CoursesService, rows: Course[]) {
  const views = await Promise.all(rows.map((c) => courses.view(ctx, c)));
  return views.map(courseJson);
}

function listQuery(req: Request): CourseQuery {
  const q = req.query;
  return {
    search: typeof q.search === 'string' ? q.search : null,
    requirement: typeof q.requirement === 'string' && q.requirement !== '' ? q.requirement : null,
  };
}

/** A course list, paged for scripts (see sendPagedList); ?search= and ?requirement= filter it. */
function sendList(req: Request, res: Response, load: (q: CourseQuery) => Promise<CoursePage>, ctx: AdapterContext, courses: CoursesService) {
  return sendPagedList(
    req,
    res,
    MAX_PAGE,
    (first, after) => load({ ...listQuery(req), first, after }),
    (rows) => viewsJson(ctx, courses, rows),
  );
}

export function importJson(r: ImportResult) {
  return {
    created: r.created,
    updated: r.updated,
    ...(r.errors.length ? { errors: r.errors } : {}),
    ...(r.warnings.length ? { warnings: r.warnings } : {}),
  };
}

export function mountCourseRoutes(r: Router, deps: AppDeps): void {
  const courses = deps.services.courses;
  const listRoute = (path: string, op: string, kind: CourseListKind) =>
    route(r, deps, 'get', path, op, (ctx, req, res) => sendList(req, res, (q) => courses.list(ctx, kind, q), ctx, courses));

  // The create and update calls also accept form posts (urlencoded or multipart fields); groups and tags then come as JSON text.
  const formFields = multer({ limits: { fields: 20, fieldSize: 100_000, files: 0 } }).none();
  const urlencoded = express.urlencoded({ extended: false, limit: '1mb' });
  const parseForm = (req: Request, res: Response, next: NextFunction) => {
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      formFields(req, res, (err: unknown) => next(err ? badInput(because('FORM_UNREADABLE')) : undefined));
    } else if (type.startsWith('application/x-www-form-urlencoded')) urlencoded(req, res, next);
    else next();
  };
  r.post(['/courses/create/', '/courses/createcc/', '/courses/:id/'], parseForm);

  listRoute('/courses/', 'courses', 'own');
  listRoute('/partner-courses/', 'partnerCourses', 'partner');
  route(r, deps, 'get', '/courses/by-requirement/:uuid', 'coursesByRequirement', (ctx, req, res) =>
    sendList(req, res, (q) => courses.byRequirement(ctx, String(req.params.uuid), q), ctx, courses),
  );
  route(r, deps, 'get', '/get-course/:id/', 'course', async (ctx, req) => courseJson(await courses.view(ctx, await courses.get(ctx, String(req.params.id)))));
  route(r, deps, 'post', '/courses/create/', 'createCourse', async (ctx, req, res) => {
    const course = await courses.create(ctx, checkCourseInput(req.body ?? {}, false));
    res.status(201).json(courseJson(await courses.view(ctx, course)));
  });
  route(r, deps, 'post', '/courses/createcc/', 'createPartnerCourse', async (ctx, req, res) => {
    const body = req.body ?? {};
    const partner: unknown = body.school_uuid ?? body.school_id;
    const course = await courses.createPartnerCourse(
      ctx,
      partner === undefined || partner === null ? null : typeof partner === 'number' ? partner : String(partner),
      checkCourseInput(body, false),
    );
    res.status(201).json(courseJson(await courses.view(ctx, course)));
  });
  route(r, deps, 'post', '/courses/:id/', 'updateCourse', async (ctx, req) => {
    const course = await courses.update(ctx, String(req.params.id), checkCourseUpdate(req.body ?? {}));
    return courseJson(await courses.view(ctx, course));
  });
  route(r, deps, 'delete', '/courses/:id/', 'deleteCourse', async (ctx, req) => {
    await courses.delete(ctx, String(req.params.id));
    return { message: 'Course deleted.' };
  });
  route(r, deps, 'get', '/check-transferability/:courseId/:schoolUuid', 'isTransferable', async (ctx, req) => ({
    isTransferable: await courses.transfers.isTransferable(ctx, String(req.params.courseId), String(req.params.schoolUuid)),
  }));
  route(r, deps, 'post', '/transfer-course/', 'acceptTransferability', async (ctx, req) => {
    const t = await courses.transfers.accept(ctx, checkTransferInput(req.body));
    return {
      message: 'Transferability accepted.',
      original_course_id: t.course.id,
      course_uuid: t.course.uuid,
      accepting_school_id: t.school.id,
      accepting_school_uuid: t.school.uuid,
      adjusted_units: t.adjustedUnits,
    };
  });
  route(r, deps, 'delete', '/remove-transferability/', 'removeTransferability', async (ctx, req) => {
    await courses.transfers.remove(ctx, checkTransferInput(req.body));
    return { message: REASONS[COURSE_MESSAGES.transferRemoved] };
  });
  route(r, deps, 'get', '/partner-schools/', 'partnerSchools', async (ctx) =>
    (await courses.partnerSchools(ctx)).map((s) => ({ id: s.id, uuid: s.uuid, name: s.name, school_type: s.schoolType, primary_color: s.primaryColor })),
  );
  route(r, deps, 'get', '/tags/', 'courseTagOptions', async (ctx) => courses.tagOptions(ctx));
  route(r, deps, 'get', '/requirement-filter-options/', 'requirementFilterOptions', async (ctx) =>
    (await courses.requirementFilterOptions(ctx)).map((o) => ({ uuid: o.uuid, name: o.name, pathway_name: o.pathwayName, label: o.label })),
  );

  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: courses.uploads.maxCsvBytes, files: 1, fields: 10 } });
  route(r, deps, 'post', '/upload-courses-csv/', 'uploadCoursesCsv', async (ctx, req, res) => {
    await courses.uploads.assertCanImport(ctx);
    await new Promise<void>((resolve, reject) => {
      upload.single('file')(req, res, (err: unknown) => {
        if (!err) return resolve();
        const code = (err as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') return reject(badInput(tooLargeMessage(courses.uploads.maxCsvBytes)));
        if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return reject(badInput(because('ONE_FILE_ONLY')));
        reject(badInput(because('COURSE_UPLOAD_UNREADABLE')));
      });
    });
    const file = req.file;
    if (!file) throw badInput(because(COURSE_MESSAGES.fileMissing));
    return importJson(await courses.uploads.importCsv(ctx, { bytes: file.buffer, filename: file.originalname, mimetype: file.mimetype }));
  });
}
