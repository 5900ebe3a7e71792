/**
 * A stand-in for the Anthropic Messages API in tests: a local HTTP server that answers
 * `POST /v1/messages` (stream: true) with the real server-sent event sequence, checks the API key,
 * records every request (so a test can read the system prompt PogBot sent), and can be told to
 * fail: with an HTTP error before streaming, or with an `error` event in the middle of a stream.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    max_tokens: number;
    stream?: boolean;
    system?: string;
    messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  };
}

export type FakeAnswer =
  /** Streams these pieces of text, `delayMs` apart. */
  | { kind: 'text'; chunks: string[]; delayMs?: number }
  /** Answers with an HTTP error and Anthropic's error body; the SDK is told not to retry. */
  | { kind: 'http-error'; status: number; type: string; message: string }
  /** Streams these pieces, then an `error` event (the service failing mid-answer). */
  | { kind: 'stream-error'; chunks: string[]; type: string; message: string };

export interface FakeAnthropic {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Queues answers for the next requests; when none is queued the default answer is streamed. */
  answerNext(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

export const FAKE_DEFAULT_CHUNKS = ['Hello from ', 'PogBot! ', 'Battles are ', 'won by the ', 'higher roll.'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sendEvent(res: ServerResponse, type: string, data: Record<string, unknown>): void {
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

function errorBody(type: string, message: string) {
  return { type: 'error', error: { type, message }, request_id: 'req_fake' };
}

async function stream(res: ServerResponse, model: string, chunks: string[], delayMs: number, failure?: { type: string; message: string }): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_fake' });
  const id = `msg_fake_${Math.random().toString(36).slice(2, 10)}`;
  sendEvent(res, 'message_start', {
    message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 1 } },
  });
  sendEvent(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  sendEvent(res, 'ping', {});
  for (const text of chunks) {
    await sleep(delayMs);
    sendEvent(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
  }
  if (failure) {
    sendEvent(res, 'error', errorBody(failure.type, failure.message));
    res.end();
    return;
  }
  sendEvent(res, 'content_block_stop', { index: 0 });
  sendEvent(res, 'message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: chunks.length } });
  sendEvent(res, 'message_stop', {});
  res.end();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake', ...headers });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

export async function startFakeAnthropic(apiKey = 'test-anthropic-key'): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const queued: FakeAnswer[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
        sendJson(res, 404, errorBody('not_found_error', `No such endpoint: ${req.method} ${req.url}`));
        return;
      }
      // The API takes the key as x-api-key; the SDK may send it as a bearer token instead.
      const key = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
      if (key !== apiKey) {
        sendJson(res, 401, errorBody('authentication_error', 'invalid x-api-key'));
        return;
      }
      const body = (await readJson(req)) as RecordedRequest['body'];
      requests.push({ headers: req.headers, body });
      if (!body.stream) {
        sendJson(res, 400, errorBody('invalid_request_error', 'This fake only streams (stream: true).'));
        return;
      }
      const answer = queued.shift() ?? { kind: 'text', chunks: FAKE_DEFAULT_CHUNKS };
      if (answer.kind === 'http-error') {
        sendJson(res, answer.status, errorBody(answer.type, answer.message), { 'x-should-retry': 'false' });
      } else if (answer.kind === 'stream-error') {
        await stream(res, body.model, answer.chunks, 5, answer);
      } else {
        await stream(res, body.model, answer.chunks, answer.delayMs ?? 20);
      }
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', String(error)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    answerNext: (...answers) => queued.push(...answers),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
