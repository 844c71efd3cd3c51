/**
 * GraphQL's side of the one text rule (core/validation.ts refuseHostileText): every field that
 * takes arguments checks their strings before its resolver runs, whether they came as variables
 * or written in the document, inside lists, input objects and JSON arguments too. Arguments of
 * mutations may be free text (tab and line breaks kept); those of queries and of fields inside an
 * answer are filters and ids (no control character at all). REST checks its query parameters with
 * the same rule (adapters.ts route).
 */
import { defaultFieldResolver, isObjectType, type GraphQLSchema } from 'graphql';
import { refuseHostileText } from '../core/validation.js';

export function checkArgumentText(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const kind = type === mutation ? 'text' : 'line';
    for (const field of Object.values(type.getFields())) {
      // Only fields with arguments are wrapped: a plain field of an answer stays a plain property read.
      if (!field.args.length) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        refuseHostileText(args, kind);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
