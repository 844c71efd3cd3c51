/** The spec's pathway, requirement, fulfilment and progress calls (planning §7) over the service. */
import type { Router } from 'express';
import { route, type AdapterContext, type AppDeps } from '../../adapters.js';
import { sendPagedList } from '../../core/http.js';
import type { Course } from '../courses/course.entity.js';
import type { School } from '../schools/school.entity.js';
import type { Pathway, Requirement } from './pathway.entity.js';
import { checkFulfillmentAdd, checkFulfillmentRemove, checkPathway, checkRequirement, checkRequirementCreate } from './pathway-input.js';
import { MAX_PAGE, type Fulfillment, type Page } from './pathways.service.js';

/** The service's pages carry `nodes` (the GraphQL connection's name); the REST helper reads `rows`. */
const asListPage = <T>(page: Page<T>) => ({ ...page, rows: page.nodes });
import type { RequirementProgressRow } from './progress.js';

const schoolRef = (s: School | null) => (s ? { name: s.name, uuid: s.uuid } : null);
const schoolInfo = (s: School | null) => (s ? { name: s.name, uuid: s.uuid, primary_color: s.primaryColor } : null);

export function requirementJson(r: Requirement, p: Pathway) {
  return {
    uuid: r.uuid,
    name: r.name,
    description: r.description,
    number_of_units: r.numberOfUnits,
    number_of_courses: r.numberOfCourses,
    minimum_grade: r.minimumGrade,
    pathway_names: [p.name],
    pathway_colors: [p.color],
  };
}

async function pathwayJson(ctx: AdapterContext, p: Pathway, full: boolean) {
  const { pathways } = ctx.services;
  const school = await ctx.loaders.schoolById.load(p.schoolId);
  const requirements = await pathways.requirementsOf(ctx, p);
  return {
    id: p.uuid,
    uuid: p.uuid,
    name: p.name,
    description: p.description,
    color: p.color,
    school: schoolRef(school),
    school_info: schoolInfo(school),
    requirements: requirements.map((r) => (full ? requirementJson(r, p) : { uuid: r.uuid, name: r.name })),
    can_edit: await pathways.canEdit(ctx, p),
  };
}

export function progressJson(r: RequirementProgressRow) {
  return {
    uuid: r.uuid,
    requirement_uuid: r.uuid,
    name: r.name,
    description: r.description,
    pathway: r.pathwayUuid,
    pathway_name: r.pathwayName,
    pathway_color: r.pathwayColor,
    required_courses: r.requiredCourses,
    required_units: r.requiredUnits,
    completed_courses: r.completedCourses,
    done_courses: r.doneCourses,
    planned_courses: r.plannedCourses,
    missing_courses: r.missingCourses,
    minimum_grade: r.minimumGrade,
    below_minimum_course_ids: r.belowMinimumCourseIds,
    completed_units: r.completedUnits,
    is_fulfilled: r.isFulfilled,
  };
}

/** The course's requirements and its non-duplicable groups, as the course fields of the spec. */
function fulfillmentJson(course: Course, list: Fulfillment[]) {
  const item = (f: Fulfillment) => ({
    uuid: f.requirement.uuid,
    name: f.requirement.name,
    pathway_names: [f.pathway.name],
    pathway_colors: [f.pathway.color],
  });
  const groups = new Map<string, Fulfillment[]>();
  for (const f of list) if (f.group) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return {
    course_id: course.id,
    course_uuid: course.uuid,
    requirements: list.map(item),
    non_duplicables: [...groups.values()].map((g) => g.map(item)),
  };
}

export function mountPathwayRoutes(r: Router, deps: AppDeps): void {
  const { pathways } = deps.services;

  route(r, deps, 'get', '/pathways/', 'pathways', async (ctx, req, res) => {
    const color = typeof req.query.color === 'string' ? req.query.color : null;
    return sendPagedList(
      req,
      res,
      MAX_PAGE,
      (first, after) => pathways.list(ctx, { color, first, after }).then(asListPage),
      (rows) => Promise.all(rows.map((p) => pathwayJson(ctx, p, false))),
    );
  });

  route(r, deps, 'post', '/pathways/create/', 'createPathway', async (ctx, req, res) => {
    const p = await pathways.create(ctx, checkPathway(req.body, false));
    res.status(201).json(await pathwayJson(ctx, p, true));
  });

  route(r, deps, 'get', '/pathways/:uuid/', 'pathway', async (ctx, req) => pathwayJson(ctx, await pathways.get(ctx, String(req.params.uuid)), true));

  route(r, deps, 'post', '/pathways/:uuid/', 'updatePathway', async (ctx, req) =>
    pathwayJson(ctx, await pathways.update(ctx, String(req.params.uuid), checkPathway(req.body, true)), true),
  );

  route(r, deps, 'delete', '/pathways/:uuid/', 'deletePathway', async (ctx, req) => {
    await pathways.delete(ctx, String(req.params.uuid));
    return undefined;
  });

  route(r, deps, 'post', '/add-requirement-to-pathway/', 'addRequirement', async (ctx, req, res) => {
    const requirement = await pathways.addRequirement(ctx, checkRequirementCreate(req.body));
    const p = (await ctx.loaders.pathwayById.load(requirement.pathwayId))!;
    res.status(201).json(requirementJson(requirement, p));
  });

  route(r, deps, 'put', '/requirements/:uuid/', 'updateRequirement', async (ctx, req) => {
    const requirement = await pathways.updateRequirement(ctx, String(req.params.uuid), checkRequirement(req.body, true));
    return requirementJson(requirement, (await ctx.loaders.pathwayById.load(requirement.pathwayId))!);
  });

  route(r, deps, 'delete', '/requirements/:uuid/', 'deleteRequirement', async (ctx, req) => {
    await pathways.deleteRequirement(ctx, String(req.params.uuid));
    return undefined;
  });

  route(r, deps, 'post', '/courses/:courseId/requirement/', 'addCourseFulfillment', async (ctx, req) => {
    const { course, fulfillments } = await pathways.addCourseFulfillment(ctx, req.params.courseId, checkFulfillmentAdd(req.body));
    return fulfillmentJson(course, fulfillments);
  });

  route(r, deps, 'delete', '/courses/:courseId/requirement/', 'removeCourseFulfillment', async (ctx, req) => {
    const { course, fulfillments } = await pathways.removeCourseFulfillment(ctx, req.params.courseId, checkFulfillmentRemove(req.body));
    return fulfillmentJson(course, fulfillments);
  });

  route(r, deps, 'get', '/courses/:courseId/requirement/', 'courseFulfillments', async (ctx, req) => {
    const { course, fulfillments } = await pathways.courseFulfillments(ctx, req.params.courseId);
    return fulfillmentJson(course, fulfillments);
  });

  route(r, deps, 'get', '/requirement-progress/', 'requirementProgress', async (ctx, req) => {
    const pathway = typeof req.query.pathway === 'string' && req.query.pathway ? req.query.pathway : null;
    return (await pathways.progress(ctx, pathway)).map(progressJson);
  });

  route(r, deps, 'get', '/courses/by-requirement-and-user/:uuid', 'eligibleCourses', (ctx, req, res) =>
    sendPagedList(
      req,
      res,
      MAX_PAGE,
      (first, after) => pathways.eligibleCourses(ctx, String(req.params.uuid), { first, after }).then(asListPage),
      async (list) => {
        const schools = await ctx.loaders.schoolById.loadMany([...new Set(list.map((e) => e.course.schoolId))]);
        const schoolById = new Map(schools.filter((s): s is School => !!s && !(s instanceof Error)).map((s) => [s.id, s]));
        return list.map(({ course: c, isScheduled }) => {
          const s = schoolById.get(c.schoolId) ?? null;
          return {
            id: c.id,
            uuid: c.uuid,
            UUID: c.uuid,
            course_id: c.courseId,
            title: c.title,
            description: c.description,
            units: c.units,
            subject: c.subject,
            school: s ? { name: s.name, uuid: s.uuid, primary_color: s.primaryColor, school_type: s.schoolType } : null,
            is_scheduled: isScheduled,
          };
        });
      },
    ),
  );
}
