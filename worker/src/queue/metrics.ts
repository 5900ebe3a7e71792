/**
 * Job metrics: durations per job name and outcome, observed where the jobs run (both queues), and
 * the queue's contents by state, read from the queue at scrape time.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { readWithin } from '@pog/domain/metrics';
import { type JobCounts, type JobQueue } from '@pog/domain/jobs';
import type { JobMetrics } from './job-tracker';

/** 5 ms (a notification) to 5 min (an image on a busy machine, a long PogBot answer). */
export const JOB_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export function createJobMetrics(registry: Registry): JobMetrics {
  const duration = new Histogram({
    name: 'pog_job_duration_seconds',
    help: 'How long each try of a job ran in this process, by job name and outcome (completed, retried, failed)',
    labelNames: ['name', 'outcome'],
    buckets: JOB_DURATION_BUCKETS,
    registers: [registry],
  });
  const restarted = new Counter({
    name: 'pog_jobs_restarted_total',
    help: 'Jobs this process picked up again after the worker running them stopped, by job name',
    labelNames: ['name'],
    registers: [registry],
  });
  return {
    finished: (name, outcome, seconds) => duration.observe({ name, outcome }, seconds),
    restarted: (name) => restarted.inc({ name }),
  };
}

const STATES: Array<keyof JobCounts> = ['waiting', 'active', 'delayed', 'failed', 'completed'];

export function registerQueueMetrics(registry: Registry, queue: JobQueue): void {
  new Gauge({
    name: 'pog_queue_jobs',
    help: 'Jobs in the queue by state; absent while the queue does not answer',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = await readWithin(() => queue.jobCounts());
        for (const state of STATES) this.set({ state }, counts[state]);
      } catch {
        // Unknown now: no series rather than a stale count.
      }
    },
  });
}
