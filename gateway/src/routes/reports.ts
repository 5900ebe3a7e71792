/**
 * Players reporting POGs for moderation: once per POG, never one's own, and at most
 * REPORTS.perPlayerPerHour an hour, counted before the report is filed.
 */
import Router from '@koa/router';
import { pogsApi, RateLimitedError, REPORTS } from '@pog/common';
import { reportPog } from '@pog/domain/moderation';
import { toPog } from '@pog/domain/pogs';
import { requireUser } from '../auth/current-user';
import { retryAfterSeconds, spend, type LimitRule } from '../auth/rate-limit';
import type { AppContext } from '../context';
import { handle } from '../http/route';

const REPORT_LIMIT: LimitRule = { name: 'report:user', points: REPORTS.perPlayerPerHour, durationSeconds: 3600 };
const TOO_MANY_REPORTS = `You have sent ${REPORTS.perPlayerPerHour} reports in the last hour, the most we take. Please try again later.`;

export function reportRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/pogs' });

  handle(router, pogsApi.report, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    const { reason } = body();
    await spend([[app.rateLimits.limiter(REPORT_LIMIT), String(user.id)]], (refusal) => new RateLimitedError(retryAfterSeconds(refusal), TOO_MANY_REPORTS));
    const now = app.clock.now();
    const reported = await reportPog(app.db, { pogId: id, userId: user.id, reason, reportsToHide: app.config.reportsToHide }, now);
    return toPog(reported, now);
  });

  return router;
}
