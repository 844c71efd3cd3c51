/**
 * Which fields of the built schema answer without type-graphql's wrappers (direct-fields.ts): the
 * plain fields of the plan's answer and the plan entries' own fields. The answers themselves are
 * checked by the plan tests (modules/plans/plans.test.ts) through /graphql.
 */
import 'reflect-metadata';
import { GraphQLObjectType, GraphQLSchema, GraphQLString, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDirectFieldResolvers } from './direct-fields.js';
import { buildAppSchema } from './schema.js';

describe('fields answered without a wrapper', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  const field = (type: string, name: string) => {
    const t = schema.getType(type);
    if (!isObjectType(t)) throw new Error(`${type} is not an object type`);
    return t.getFields()[name];
  };

  it('reads the plain fields of the plan answer as properties, with no resolver', () => {
    for (const [type, name] of [
      ['Plan', 'firstName'],
      ['Plan', 'totalUnits'],
      ['PlanTerm', 'label'],
      ['ScheduledCourse', 'grade'],
      ['PlanCourse', 'title'],
      ['School', 'primaryColor'],
    ]) {
      expect(field(type, name).resolve, `${type}.${name}`).toBeUndefined();
    }
  });

  it("reads an entry's source as its property, and keeps a resolver for its course and a course's school", () => {
    expect(field('ScheduledCourse', 'source').resolve).toBeUndefined();
    expect(field('ScheduledCourse', 'course').resolve).toBeTypeOf('function');
    expect(field('PlanCourse', 'school').resolve).toBeTypeOf('function');
  });

  it('keeps the resolvers of fields that compute their answer and of fields that take arguments', () => {
    expect(field('Query', 'plan').resolve).toBeTypeOf('function');
    expect(field('PlanCourse', 'scheduled').resolve).toBeTypeOf('function');
  });

  it('answers an entry read without its course by loading the course, and a course without its school by loading the school', async () => {
    const course = { id: 7, schoolId: 3 };
    const school = { id: 3, name: 'Lincoln' };
    const ctx = {
      loaders: {
        planCourseById: { load: async (id: number) => (id === 7 ? course : null) },
        schoolById: { load: async (id: number) => (id === 3 ? school : null) },
      },
    };
    const resolveCourse = field('ScheduledCourse', 'course').resolve!;
    const resolveSchool = field('PlanCourse', 'school').resolve!;
    const info = {} as never;
    expect(await resolveCourse({ courseId: 7 }, {}, ctx, info)).toBe(course);
    expect(resolveCourse({ courseId: 7, course }, {}, ctx, info)).toBe(course);
    await expect(resolveCourse({ courseId: 8 }, {}, ctx, info)).rejects.toThrow('Course 8 of a plan entry is missing.');
    expect(await resolveSchool({ schoolId: 3 }, {}, ctx, info)).toBe(school);
    expect(resolveSchool({ schoolId: 3, school: null }, {}, ctx, info)).toBeNull();
  });

  it('refuses at start to replace a field the schema does not have, or one that takes arguments', () => {
    const query = new GraphQLObjectType({ name: 'Query', fields: { a: { type: GraphQLString }, b: { type: GraphQLString, args: { x: { type: GraphQLString } } } } });
    const small = new GraphQLSchema({ query });
    expect(() => installDirectFieldResolvers(small, { Query: { missing: null } })).toThrow('no field Query.missing');
    expect(() => installDirectFieldResolvers(small, { Nope: { a: null } })).toThrow('no object type Nope');
    expect(() => installDirectFieldResolvers(small, { Query: { b: null } })).toThrow('Query.b takes arguments');
  });
});
