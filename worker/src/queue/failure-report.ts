/**
 * What a queue tells the operator about failed tries. The caller of `run()` only ever sees a
 * sanitized AppError; the full error (stack, SQL, hostnames) belongs in the server log.
 */
import { isPermanentFailure } from './job-errors';

export interface JobFailureReport {
  name: string;
  jobId: string;
  /** The try that failed, 1 for the first. */
  attempt: number;
  error: unknown;
  /** No further try will be made. */
  final: boolean;
}

/** Default reporter: logs jobs that failed for good, except the expected AppError verdicts. */
export function reportFailure(report: JobFailureReport): void {
  if (!report.final || isPermanentFailure(report.error)) return;
  console.error(`[jobs] ${report.name} #${report.jobId} failed after ${report.attempt} tries:`, report.error);
}
