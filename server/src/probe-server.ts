/**
 * The HTTP server of a worker-only process: /livez, /readyz, /healthz and /metrics on its PORT, so
 * that health checks and Prometheus reach workers as they reach gateways. No Koa app, no sockets;
 * anything else is 404.
 */
import { createServer, type Server } from 'node:http';
import { AppError, NotFoundError } from '@pog/common';
import {
  answerProbe, isProbePath, REQUEST_ID_HEADER, requestIdFrom, type ProbeAnswer, type ProbeDeps,
} from '@pog/domain/observability';
import { type Logger } from '@pog/domain/logging';

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

export function createProbeServer(deps: ProbeDeps, log: Logger): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const route = isProbePath(path) ? path : '(unmatched)';
    const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
    const answering = req.method === 'GET' || req.method === 'HEAD' ? answerProbe(path, req.headers.authorization, deps) : Promise.resolve(undefined);
    void answering
      .then((answer): ProbeAnswer => answer ?? { status: 404, headers: JSON_TYPE, body: JSON.stringify(new NotFoundError().toBody()) })
      .catch((error: unknown): ProbeAnswer => {
        log.error({ err: error, requestId, route }, `${req.method} ${route} failed`);
        return { status: 500, headers: JSON_TYPE, body: JSON.stringify({ ...new AppError('SERVER_ERROR').toBody(), requestId }) };
      })
      .then((answer) => {
        res.writeHead(answer.status, { ...answer.headers, [REQUEST_ID_HEADER]: requestId });
        res.end(req.method === 'HEAD' ? undefined : answer.body);
        const fields = { requestId, method: req.method, route, status: answer.status };
        const message = `${req.method} ${route} ${answer.status}`;
        if (answer.status === 503) log.warn(fields, message);
        else if (answer.status >= 500) log.error(fields, message);
        else log.debug(fields, message);
      });
  });
}
