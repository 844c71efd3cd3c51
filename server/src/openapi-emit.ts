/** `npm run openapi:emit -w server -- <file>`: writes the OpenAPI document of /api (as served at /api/openapi.json), no database needed. */
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from './modules/integrations/openapi.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: openapi-emit <file>');
  process.exit(2);
}
fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`Wrote ${file}`);
