/**
 * The course card: everything a course card shows (spec 2 §2), built from the request's
 * DataLoaders, so a page of courses costs one statement per hop, never one per course. The
 * `courseView` loader (server/src/loaders.ts) keeps one view per course and caller for the request, so
 * the GraphQL field resolvers of one card share it.
 */
import DataLoader from 'dataloader';
import type { School } from '../schools/school.entity.js';
import type { Course } from './course.entity.js';
import type { createCourseLoaders, RequirementRow } from './course.loaders.js';
import { compareCourseIds, groupDisplay, groupMembers } from './prerequisites.js';
import { formatTags, type FormattedTag } from './tags.js';

export interface RequirementInfo {
  uuid: string;
  name: string;
  pathwayUuid: string;
  pathwayName: string;
  pathwayNames: string[];
  pathwayColors: string[];
  schoolUuid: string;
  schoolName: string;
  /** 'pathway: requirement' */
  label: string;
}

export interface UnitsInfo {
  schoolId: number;
  schoolUuid: string;
  schoolName: string;
  primaryColor: string;
  units: number;
  /** The requirements the course fulfils at this school. */
  requirements: RequirementInfo[];
  /** This school accepted the course (of another school) as transferable. */
  transferable: boolean;
}

export interface PrerequisiteRef {
  id: number;
  uuid: string;
  courseId: string;
  title: string;
}

/** Everything a course card shows. */
export interface CourseView {
  course: Course;
  school: School;
  isScheduled: boolean;
  prerequisites: PrerequisiteRef[];
  prerequisiteGroups: string[];
  prerequisiteGroupsUuids: string[][];
  tags: Record<string, string>;
  formattedTags: FormattedTag[];
  unitsInfo: UnitsInfo[];
  requirements: RequirementInfo[];
  nonDuplicables: RequirementInfo[][];
}

/** The loaders a card reads through. */
export type CardLoaders = Pick<ReturnType<typeof createCourseLoaders>, 'coursePrerequisites' | 'courseTransfers' | 'courseRequirements' | 'scheduledCourseIds'> & {
  schoolById: DataLoader<number, School | null>;
};

/** A card: the course, and whose plan decides `isScheduled` (null: no caller). */
export interface CardKey {
  course: Course;
  userId: number | null;
}

/** Per-request cards, one per course and caller. */
export const courseViewLoader = (loaders: CardLoaders) =>
  new DataLoader<CardKey, CourseView, string>((keys) => Promise.all(keys.map((k) => buildView(loaders, k.course, k.userId))), {
    cacheKeyFn: (k) => `${k.userId ?? ''}:${k.course.id}`,
  });

async function buildView(loaders: CardLoaders, course: Course, userId: number | null): Promise<CourseView> {
  const [school, prereqs, transfers, reqs, scheduled] = await Promise.all([
    loaders.schoolById.load(course.schoolId),
    loaders.coursePrerequisites.load(course.id),
    loaders.courseTransfers.load(course.id),
    loaders.courseRequirements.load(course.id),
    userId === null ? Promise.resolve(new Set<number>()) : loaders.scheduledCourseIds.load(userId),
  ]);
  const groups = groupMembers(prereqs.map((r) => ({ ...r, courseId: r.code, prereqCourseId: r.courseId })));
  const seen = new Set<number>();
  const prerequisites: PrerequisiteRef[] = [];
  for (const r of [...prereqs].sort((a, b) => compareCourseIds(a.code, b.code))) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    prerequisites.push({ id: r.id, uuid: r.uuid, courseId: r.code, title: r.title });
  }
  const requirements = reqs.map(requirementInfo);
  const columns: UnitsInfo[] = [
    {
      schoolId: school!.id,
      schoolUuid: school!.uuid,
      schoolName: school!.name,
      primaryColor: school!.primaryColor,
      units: course.units,
      requirements: [],
      transferable: false,
    },
  ];
  for (const t of transfers) {
    if (t.schoolId === course.schoolId) continue;
    columns.push({
      schoolId: t.schoolId,
      schoolUuid: t.schoolUuid,
      schoolName: t.schoolName,
      primaryColor: t.primaryColor,
      units: t.adjustedUnits,
      requirements: [],
      transferable: true,
    });
  }
  reqs.forEach((r, i) => {
    let col = columns.find((c) => c.schoolId === r.schoolId);
    if (!col) {
      col = {
        schoolId: r.schoolId,
        schoolUuid: r.schoolUuid,
        schoolName: r.schoolName,
        primaryColor: r.primaryColor,
        units: course.units,
        requirements: [],
        transferable: false,
      };
      columns.push(col);
    }
    col.requirements.push(requirements[i]);
  });
  const nd = new Map<string, RequirementInfo[]>();
  reqs.forEach((r, i) => {
    if (!r.nonDuplicableGroup) return;
    const list = nd.get(r.nonDuplicableGroup) ?? [];
    list.push(requirements[i]);
    nd.set(r.nonDuplicableGroup, list);
  });
  return {
    course,
    school: school!,
    isScheduled: scheduled.has(course.id),
    prerequisites,
    prerequisiteGroups: groups.map((g) => groupDisplay(g.map((m) => m.courseId))),
    prerequisiteGroupsUuids: groups.map((g) => g.map((m) => m.uuid)),
    tags: course.tags ?? {},
    formattedTags: formatTags(course.tags),
    unitsInfo: columns,
    requirements,
    nonDuplicables: [...nd.values()].filter((g) => g.length > 1),
  };
}

function requirementInfo(r: RequirementRow): RequirementInfo {
  return {
    uuid: r.uuid,
    name: r.name,
    pathwayUuid: r.pathwayUuid,
    pathwayName: r.pathwayName,
    pathwayNames: [r.pathwayName],
    pathwayColors: [r.pathwayColor],
    schoolUuid: r.schoolUuid,
    schoolName: r.schoolName,
    label: `${r.pathwayName}: ${r.name}`,
  };
}
