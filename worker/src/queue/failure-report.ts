/**
 * What a queue tells the operator about failed tries. The caller of `run()` only ever sees a
 * sanitized AppError; the full error (stack, SQL, hostnames) belongs in the server log.
 */
import type { Logger } from '@pog/domain/logging';
import { isPermanentFailure } from './job-errors';

export interface JobFailureReport {
  name: string;
  jobId: string;
  /** The try that failed, 1 for the first. */
  attempt: number;
  error: unknown;
  /** No further try will be made. */
  final: boolean;
  /** Its last try met a database outage: the outbox hands the job over again later, so nothing is lost. */
  handedBack?: boolean;
}

/**
 * The default reporter: a try that will be retried is one warning without a stack, and so is a job
 * left to the outbox during a database outage; a job that failed for good is an error with its
 * stack; an expected AppError verdict (the job refused its work on purpose) is one info line with its code.
 */
export function failureReporter(log: Logger): (report: JobFailureReport) => void {
  return ({ name, jobId, attempt, error, final, handedBack }) => {
    const job = { job: name, jobId, attempt };
    // A try to come, or the outbox's hand-over, logs the failure's message only: no stack.
    const reason = error instanceof Error ? error.message : String(error);
    if (isPermanentFailure(error)) {
      log.info({ ...job, code: error.code }, `job ${name} refused its work: ${error.message}`);
    } else if (handedBack) {
      log.warn({ ...job, err: reason }, `job ${name} met a database outage on try ${attempt}; the outbox hands it over again later`);
    } else if (!final) {
      log.warn({ ...job, err: reason }, `job ${name} failed on try ${attempt}; it will be retried`);
    } else {
      log.error({ ...job, err: error }, `job ${name} failed for good after ${attempt} tries`);
    }
  };
}
