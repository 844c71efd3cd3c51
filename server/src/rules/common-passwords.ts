/**
 * Loads rules/common-passwords.txt once (server only: node:fs). The build copies the file next to
 * the compiled module (server/package.json "build").
 */
import fs from 'node:fs';
import { isCommonPassword } from './password.js';

let cached: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  cached ??= new Set(
    fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('# ')),
  );
  return cached;
}

/** True when the password is among the most common passwords. */
export function isCommon(password: string): boolean {
  return isCommonPassword(password, commonPasswords());
}
