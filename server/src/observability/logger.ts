/**
 * The process's one logger (pino): one JSON object a line on stdout, at LOG_LEVEL. Under
 * NODE_ENV=development the lines are pretty-printed (pino-pretty, a development dependency: when
 * it is not installed, as in the production image, the JSON lines stay).
 *
 * What a log line never holds: tokens, passwords, reset or signing links, request bodies, query
 * strings or a person's name. Request lines (request-log.ts) carry the route pattern, never the
 * URL; other lines name rows by id. The redact paths below are a second net for a header or body
 * passed by mistake.
 */
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import { logLevelFromEnv, type LogLevel } from './log-level.js';

export type { Logger };

/** Fields censored wherever they appear at the top level or one level down (e.g. `req.headers`). */
export const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'body',
  'url',
  'query',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
  '*.body',
  '*.url',
  '*.query',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  // A failed query's values (TypeORM's QueryFailedError) and PostgreSQL's detail ("Key (email)=(…) already exists").
  '*.parameters',
  '*.detail',
  '*.driverError',
];

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable lines (development only). */
  pretty?: boolean;
}

/** pino-pretty when it is installed (development), else null. Synchronous: the last line before process.exit is not lost. */
function prettyStream(): DestinationStream | null {
  try {
    const require = createRequire(import.meta.url);
    const pretty = require('pino-pretty') as (o: Record<string, unknown>) => DestinationStream;
    return pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return null;
  }
}

/** A logger writing to `destination` (tests pass a stream they read), else stdout. */
export function createLogger(opts: LoggerOptions, destination?: DestinationStream): Logger {
  const options = {
    level: opts.level,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  const target = destination ?? (opts.pretty ? prettyStream() : null) ?? pino.destination({ fd: 1, sync: true });
  return pino(options, target);
}

function initialLevel(): LogLevel {
  try {
    return logLevelFromEnv();
  } catch {
    // A bad LOG_LEVEL stops the start with its message when main.ts reads the configuration.
    return 'info';
  }
}

/** The process logger. main.ts sets its level from the configuration. */
export const logger: Logger = createLogger({ level: initialLevel(), pretty: process.env.NODE_ENV === 'development' });
