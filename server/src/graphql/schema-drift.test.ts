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

  it("the client's generated documents and types match the schema and the operations", async () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const { default: config } = await import(path.join(root, 'codegen.ts'));
      const outputs = await generate({ ...config, cwd: root, silent: true }, false);
      expect(outputs.length).toBeGreaterThan(2);
      for (const output of outputs as { filename: string; content: string }[]) {
        const file = path.resolve(root, output.filename);
        const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)';
        expect(committed.trim(), path.relative(root, file)).toBe(output.content.trim());
      }
    } finally {
      process.chdir(cwd);
    }
  });
});
