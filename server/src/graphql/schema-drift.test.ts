/** The committed SDL and the client's generated documents must match the code: run `npm run codegen` when this fails. */
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { serverPackageDir } from '../config.js';
import { printAppSchema } from '../schema-emit.js';

const root = path.join(serverPackageDir(), '..');

describe('generated GraphQL artefacts', () => {
  it('schema/schema.graphql matches the resolvers', async () => {
    const committed = fs.readFileSync(path.join(root, 'schema', 'schema.graphql'), 'utf8');
    expect(committed).toBe(await printAppSchema());
  });

  it('client/src/graphql/generated.ts matches the schema and the operations', async () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const { default: config } = await import(path.join(root, 'codegen.ts'));
      const outputs = await generate({ ...config, cwd: root, silent: true }, false);
      const generated = outputs.find((o: { filename: string }) => o.filename.endsWith('client/src/graphql/generated.ts'));
      const committed = fs.readFileSync(path.join(root, 'client', 'src', 'graphql', 'generated.ts'), 'utf8');
      expect(generated?.content.trim()).toBe(committed.trim());
    } finally {
      process.chdir(cwd);
    }
  });
});
