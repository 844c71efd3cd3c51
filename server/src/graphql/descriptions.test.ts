/** GraphQL docs for third-party dashboards: every type, field, argument and enum value of the schema is described. */
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isIntrospectionType, isSpecifiedScalarType, isUnionType, isScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from './schema.js';

export async function undescribed(): Promise<string[]> {
  const schema = await buildAppSchema();
  const missing: string[] = [];
  const has = (d: string | null | undefined) => !!d && d.trim().length > 0;
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    const root = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].includes(type as never);
    if (!root && !has(type.description)) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const f of Object.values(type.getFields())) {
        if (!has(f.description)) missing.push(`${type.name}.${f.name}`);
        for (const a of f.args) if (!has(a.description)) missing.push(`${type.name}.${f.name}(${a.name})`);
      }
    } else if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields())) if (!has(f.description)) missing.push(`${type.name}.${f.name}`);
    } else if (isEnumType(type)) {
      for (const v of type.getValues()) if (!has(v.description)) missing.push(`${type.name}.${v.name}`);
    } else if (isUnionType(type) || isScalarType(type)) {
      // described by the type check above
    }
  }
  return missing;
}

describe('GraphQL schema documentation', () => {
  it('describes every type, field and argument', async () => {
    expect(await undescribed()).toEqual([]);
  });
});
