/**
 * Counts SQL statements per unit of work (a request, a test block, a benchmark step) through
 * AsyncLocalStorage, so tests can assert that a query's statement count does not grow with data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'typeorm';
import { logger } from '../observability/logger.js';

export interface Counter {
  statements: string[];
}
const storage = new AsyncLocalStorage<Counter>();

export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const counter: Counter = { statements: [] };
  const result = await storage.run(counter, fn);
  return { result, statements: counter.statements };
}

/**
 * Runs `fn` (e.g. the rest of an HTTP request) counting into `counter`, whose `statements` keep
 * growing while work started inside `fn` goes on.
 */
export function runCounted(counter: Counter, fn: () => void): void {
  storage.run(counter, fn);
}

export class CountingLogger implements Logger {
  constructor(private readonly logErrors: boolean) {}
  logQuery(query: string): void {
    storage.getStore()?.statements.push(query);
  }
  logQueryError(error: string | Error, query: string): void {
    storage.getStore()?.statements.push(query);
    if (this.logErrors) logger.error(`[sql] error: ${typeof error === 'string' ? error : error.message}`);
  }
  logQuerySlow(time: number, query: string): void {
    logger.warn({ durationMs: time, sql: query.slice(0, 200) }, '[sql] slow query');
  }
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    if (this.logErrors) logger.info(`[migration] ${message}`);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') logger.warn(`[typeorm] ${String(message)}`);
  }
}
