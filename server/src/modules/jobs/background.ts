/**
 * The background worker of every replica: one JobWorker polling the `jobs` table for each kind of
 * background work — outbox delivery (email, text messages), consent-form ZIP exports and their
 * cleanup, roster and transcript imports, caseload summaries a read left stale, plans generated for a
 * selection of a caseload (auto-plan-batch.ts), the daily retention job (retention.ts) and
 * the daily late-fee job (late-fees.ts).
 * Each queue runs up to JOB_CONCURRENCY jobs at once, the long ones (ONE_AT_A_TIME) one.
 */
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import type { Services } from '../../services.js';
import { AUTO_PLAN_BATCH_QUEUE } from '../auto-plan/auto-plan-batch-input.js';
import { CASELOAD_QUEUE } from '../caseload/freshness.js';
import { CONSENT_EXPORT_QUEUE } from '../consent-forms/consent-exports.service.js';
import { deleteExpiredExports, EXPORT_CLEANUP_QUEUE } from '../exports/export-store.js';
import { OUTBOX_QUEUE, outboxDeliveryHandler, smtpTransport, type Transports } from '../outbox/delivery.js';
import { smsTransport } from '../outbox/sms-gateway.js';
import { ROSTER_IMPORT_QUEUE } from '../roster/roster.service.js';
import { TRANSCRIPT_IMPORT_QUEUE } from '../transcripts/transcript-queue.js';
import { JobWorker, type JobHandler, type WorkerOptions } from './job-queue.js';
import { RETENTION_QUEUE, retentionHandler, retentionPolicy, type RetentionPolicy } from './retention.js';
import { LATE_FEE_QUEUE, lateFeeHandler } from './late-fees.js';

/** The transports configured (SMTP_URL, SMS_*); a channel without one keeps its messages in the outbox. */
export function configuredTransports(config: Config): Transports {
  return { email: smtpTransport(config.smtpUrl, config.mailFrom, config.jobConcurrency), sms: smsTransport(config.smsGateway) };
}

/** The handler of each queue (the retention queue only with a policy). */
export function backgroundHandlers(
  db: DataSource,
  services: Services,
  transports: Transports,
  backoffBaseSeconds?: number,
  retention?: RetentionPolicy,
): Record<string, JobHandler> {
  return {
    ...(retention ? { [RETENTION_QUEUE]: retentionHandler(db, retention) } : {}),
    [LATE_FEE_QUEUE]: lateFeeHandler(db),
    [OUTBOX_QUEUE]: outboxDeliveryHandler(db, transports, backoffBaseSeconds, services.outbox.smsRules.countries),
    [CONSENT_EXPORT_QUEUE]: (payload, job, stopping) => services.consentExports.build(String(payload.exportId), job, stopping),
    [EXPORT_CLEANUP_QUEUE]: async () => {
      await deleteExpiredExports(db);
    },
    [ROSTER_IMPORT_QUEUE]: (payload, job, stopping) => services.roster.processImport(String(payload.importId), job, stopping),
    [TRANSCRIPT_IMPORT_QUEUE]: (payload, job, stopping) => services.transcripts.processImport(String(payload.importId), job, stopping),
    [AUTO_PLAN_BATCH_QUEUE]: (payload, job, stopping) => services.autoPlanBatches.process(String(payload.batchId), job, stopping),
    [CASELOAD_QUEUE]: (payload, _job, stopping) => services.caseload.refreshQueued((payload.schoolIds as unknown[]).map(Number), stopping),
  };
}

/**
 * Long jobs that run one at a time per replica whatever JOB_CONCURRENCY says: each holds a batch
 * in memory and a transaction open, and there are few of them (imports, exports, the daily job).
 */
export const ONE_AT_A_TIME: Record<string, number> = {
  [ROSTER_IMPORT_QUEUE]: 1,
  [TRANSCRIPT_IMPORT_QUEUE]: 1,
  [CONSENT_EXPORT_QUEUE]: 1,
  [RETENTION_QUEUE]: 1,
  [LATE_FEE_QUEUE]: 1,
  // A batch solves as many students at once as the solver pool has threads.
  [AUTO_PLAN_BATCH_QUEUE]: 1,
};

/** The worker of a replica, with the lease, concurrency and retention periods of the configuration. */
export function backgroundWorker(db: DataSource, services: Services, transports: Transports, config: Config, opts: WorkerOptions = {}): JobWorker {
  const handlers = backgroundHandlers(db, services, transports, opts.backoffBaseSeconds, retentionPolicy(config));
  return new JobWorker(db, handlers, { leaseSeconds: config.jobLeaseSeconds, concurrency: config.jobConcurrency, queueConcurrency: ONE_AT_A_TIME, ...opts });
}
