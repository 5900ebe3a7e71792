/**
 * Uploads at and over the size limit, sent as an ordinary client sends them (Node's fetch: a form
 * with its Content-Length, or a streamed body in chunks with none), for the tests that check every
 * way of meeting the app (in-process, as processes, behind nginx) answers them with the 413 the
 * client can read.
 */
import { randomBytes } from 'node:crypto';
import { UPLOAD } from '@pog/common';
import type { ApiClient, ApiResponse } from './api-client';

const MiB = 1024 * 1024;

export interface OversizedUpload {
  name: string;
  /** The file's size. */
  bytes: number;
  /** Sent as a stream in 1 MiB chunks (chunked transfer encoding, no Content-Length). */
  chunked: boolean;
}

export const OVERSIZED_UPLOADS: OversizedUpload[] = [
  { name: 'a file of exactly 25 MiB', bytes: UPLOAD.maxBytes, chunked: false },
  { name: 'a file of 25 MiB + 1 byte', bytes: UPLOAD.maxBytes + 1, chunked: false },
  { name: 'a file of 26 MiB', bytes: 26 * MiB, chunked: false },
  { name: 'a 40 MiB file streamed in chunks without Content-Length', bytes: 40 * MiB, chunked: true },
];

/** A JPEG's first bytes, then zeros: only the size matters here. */
function fileOf(bytes: number): Uint8Array {
  const file = new Uint8Array(bytes);
  file.set([0xff, 0xd8, 0xff, 0xe0]);
  return file;
}

/** Sends `upload` as `client` (its session and address), answering what the client read. */
export async function sendOversized(client: ApiClient, upload: OversizedUpload, headers: Record<string, string> = {}): Promise<ApiResponse<any>> {
  if (!upload.chunked) return client.request('POST', '/api/upload', formWith(upload.bytes), headers);
  const boundary = `----pog${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = fileOf(MiB);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= upload.bytes) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const size = Math.min(MiB, upload.bytes - sent);
      controller.enqueue(size === MiB ? chunk : chunk.subarray(0, size));
      sent += size;
    },
  });
  const response = await fetch(`${client.baseUrl}/api/upload`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { cookie: client.cookieHeader, 'x-forwarded-for': client.address, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text, headers: response.headers };
}

function formWith(bytes: number): FormData {
  const form = new FormData();
  form.append('image', new Blob([fileOf(bytes) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'big.jpg');
  return form;
}
