/** `npm run schema:emit`: writes schema/schema.graphql from the resolver classes, no database needed. */
import fs from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { serverPackageDir } from './config.js';
import { buildAppSchema } from './graphql/schema.js';

export async function printAppSchema(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await buildAppSchema()))}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('schema-emit.ts')) {
  const file = path.join(serverPackageDir(), '..', 'schema', 'schema.graphql');
  fs.writeFileSync(file, await printAppSchema());
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
