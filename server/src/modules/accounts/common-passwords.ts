/**
 * Loads common-passwords.txt (beside this file) once. Server only: it reads the disk with node:fs,
 * so it stays out of @planner/shared, whose password rules it completes. The build copies the file
 * next to the compiled module (server/package.json "build").
 */
import fs from 'node:fs';
import { isCommonPassword } from '@planner/shared/password';

let cached: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  cached ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
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
