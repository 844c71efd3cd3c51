/** LOG_LEVEL, read by config.ts and by the process logger (which starts before the configuration is read). */

/** pino's levels; silent logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, by default info (silent under NODE_ENV=test: a test that reads log lines captures its own). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const raw = (env.LOG_LEVEL ?? '').trim().toLowerCase();
  if (raw === '') return env.NODE_ENV === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return raw as LogLevel;
}
