/**
 * Fields answered without type-graphql's per-call resolver wrappers, for the large answers (the
 * plan page's `Plan` query: about 700 fields per answer). type-graphql calls every field, a plain
 * property included, through a wrapper (resolver data, parameter list, middleware chain), and
 * graphql-jit builds a resolve info object and checks for a promise on every call of any resolver,
 * where a field with no resolver is a property read inside the compiled operation. Together that
 * was most of the CPU the `Plan` query spent beyond GET /api/plan/ (bench/README.md, "GraphQL
 * against REST").
 */
import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/**
 * Resolvers installed on the built schema in place of type-graphql's, by type and field; `null`:
 * no resolver, the root's own property. Only for fields whose type-graphql resolver takes no
 * argument and has no middleware or role, and that answer, fail and load exactly as the method
 * that declares the field (the method stays, for the schema, and calls the same function). A type
 * or field missing from the schema stops the server at start, so a rename cannot silently leave
 * the wrapper in place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each field's root is its own type
export type DirectFieldResolvers<TContext> = Record<string, Record<string, GraphQLFieldResolver<any, TContext> | null>>;

export function installDirectFieldResolvers<TContext>(schema: GraphQLSchema, resolvers: DirectFieldResolvers<TContext>): GraphQLSchema {
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`Direct field resolvers: no object type ${typeName} in the schema.`);
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (!field) throw new Error(`Direct field resolvers: no field ${typeName}.${fieldName} in the schema.`);
      if (field.args.length) throw new Error(`Direct field resolvers: ${typeName}.${fieldName} takes arguments.`);
      field.resolve = resolve ?? undefined;
    }
  }
  return schema;
}

/**
 * The plain fields of every object type (a property of the answer's object, no field resolver)
 * answer without a resolver of their own. type-graphql otherwise gives each of them one: a
 * wrapper that builds its resolver data and runs the (empty) middleware chain around
 * `root[name]`, and graphql-jit then calls every such field as a resolver, with a resolve info
 * object and a promise check, where for a field with no resolver it reads the property in the
 * compiled code itself. The plan page's `Plan` query has about 600 of them per answer.
 *
 * It is type-graphql's own `simpleResolvers` option of @ObjectType, set here for every object type
 * whose fields have no middleware and no @Authorized role (a simple field skips both), so a type
 * given either later keeps type-graphql's resolvers. The schema is built with no global
 * middleware and no auth checker (schema.ts). Field resolvers (@FieldResolver) are unaffected, and
 * every field's name in the schema is its property's name (no `@Field({ name })`), which the
 * default resolver reads. Called before the schema is built.
 */
export function answerPlainFieldsDirectly(): void {
  const storage = getMetadataStorage();
  const guarded = new Set<unknown>([...storage.middlewares, ...storage.authorizedFields].map((m) => m.target));
  const inherits = (target: unknown): boolean => {
    for (let t = target; typeof t === 'function' && t !== Function.prototype; t = Object.getPrototypeOf(t)) if (guarded.has(t)) return true;
    return false;
  };
  for (const type of storage.objectTypes) {
    if (type.simpleResolvers === undefined && !inherits(type.target)) type.simpleResolvers = true;
  }
}
