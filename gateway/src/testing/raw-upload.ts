/**
 * An upload sent by hand with Node's own HTTP client, a piece at a time, for tests about uploads that
 * stall, trickle, hang up or meet a fault: it reports the server's answer even when the server
 * closes the connection before the body is all sent.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

export interface RawUpload {
  /** Sends more of the file. */
  send(bytes: number): void;
  /** Ends the form and the body. */
  finish(): void;
  /** Hangs up without finishing the body. */
  abort(): void;
  /** The answer, if the server gives one before the connection ends (else null). */
  answer: Promise<{ status: number; body: string } | null>;
  /** Resolves when the connection is gone. */
  closed: Promise<void>;
}

export interface RawUploadOptions {
  headers?: Record<string, string>;
  /** The file size the body declares (Content-Length); null sends it in chunks, declaring none. */
  declaredBytes?: number | null;
}

/** Starts a multipart upload of the field `image` that sends only what `send` is given. */
export function rawUpload(baseUrl: string, cookie: string, options: RawUploadOptions = {}): RawUpload {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const declared = options.declaredBytes === undefined ? 5_000_000 : options.declaredBytes;
  const req = request(`${baseUrl}/api/upload`, {
    method: 'POST',
    agent: false,
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(declared === null ? {} : { 'content-length': String(head.length + declared + tail.length) }),
      ...options.headers,
    },
  });
  let markClosed: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const answer = new Promise<{ status: number; body: string } | null>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.on('close', () => {
      // A response being read when the connection closes still ends (or errors) first.
      setTimeout(() => resolve(null), 1000);
      markClosed();
    });
  });
  req.write(head);
  return {
    send: (bytes) => void (req.destroyed || req.write(Buffer.alloc(bytes, 0x5a))),
    finish: () => void (req.destroyed || req.end(tail)),
    abort: () => req.destroy(),
    answer,
    closed,
  };
}
