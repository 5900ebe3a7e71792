/**
 * Uploads that never finish (issue 11 §4): a client that hangs up mid-body, or stalls, leaves no
 * file in uploads/incoming and no open descriptor. The app runs in this process, so its
 * descriptors are /proc/self/fd. The database makes no difference here: PGlite only.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKoaApp } from '../app';
import { createPlayer } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

const openDescriptors = () => readdirSync('/proc/self/fd').length;

interface RawUpload {
  /** Sends more of the file. */
  send(bytes: number): void;
  /** Hangs up without finishing the body. */
  abort(): void;
  /** The answer, if the server gives one before the connection ends (else null). */
  answer: Promise<{ status: number; body: string } | null>;
  /** Resolves when the connection is gone. */
  closed: Promise<void>;
}

/** Starts a multipart upload that declares a 5 MB image and sends only what `send` is given. */
function rawUpload(baseUrl: string, cookie: string): RawUpload {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const req = request(`${baseUrl}/api/upload`, {
    method: 'POST',
    agent: false,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 5_000_000) },
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
      resolve(null);
      markClosed();
    });
  });
  req.write(head);
  return { send: (bytes) => req.write(Buffer.alloc(bytes, 0x5a)), abort: () => req.destroy(), answer, closed };
}

describe('uploads that never finish', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp();
    const player = await createPlayer(app, 'up');
    cookie = player.client.cookieHeader;
  });
  afterAll(async () => {
    await app?.close();
  });
  const incomingDir = () => path.join(app.runtime.config.uploadDir, 'incoming');
  const incomingFiles = () => readdirSync(incomingDir());
  const seen = new Set<string>();
  /** Waits until the server has written some of a new upload to a file in incoming/. */
  const fileBeingWritten = () =>
    waitFor(
      () => {
        const fresh = incomingFiles().find((f) => !seen.has(f) && statSync(path.join(incomingDir(), f), { throwIfNoEntry: false })?.size);
        if (fresh) seen.add(fresh);
        return fresh;
      },
      5000,
      'the upload to reach a file',
    );

  it('leaves no file and no descriptor after 20 clients hang up mid-upload', async () => {
    expect(incomingFiles()).toEqual([]);
    const before = openDescriptors();
    for (let i = 0; i < 20; i++) {
      const upload = rawUpload(app.url, cookie);
      upload.send(256 * 1024);
      await fileBeingWritten();
      upload.abort();
      await upload.closed;
    }
    try {
      await waitFor(() => incomingFiles().length === 0 && openDescriptors() <= before, 5000, 'the aborted uploads to be cleaned up');
    } finally {
      console.log(`[uploads] 20 aborted uploads: ${before} open descriptors before, ${openDescriptors()} after; ${incomingFiles().length} files left in incoming/`);
    }
  });

  describe('with a short idle limit', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      // The same app with the idle limit shortened from 30 s, served on a port of its own.
      server = createServer(createKoaApp({ ...app.runtime.context!, uploadIdleMs: 300 }).callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    });

    it('ends an upload that stalls mid-body with 408, closing the connection and the file', async () => {
      const before = openDescriptors();
      const upload = rawUpload(url, cookie);
      upload.send(64 * 1024);
      await fileBeingWritten();
      // Then nothing more: the client stalls.
      const answer = await upload.answer;
      expect(answer?.status).toBe(408);
      expect(JSON.parse(answer!.body)).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/stalled/) });
      await upload.closed;
      await waitFor(() => incomingFiles().length === 0 && openDescriptors() <= before, 5000, 'the stalled upload to be cleaned up');
    });

    it('does not end an upload that keeps sending, however slowly', async () => {
      const upload = rawUpload(url, cookie);
      let answered = false;
      void upload.answer.then(() => (answered = true));
      // 750 ms in all, longer than the idle limit, but never 300 ms without a byte.
      for (let i = 0; i < 5; i++) {
        upload.send(1024);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await fileBeingWritten();
      expect(answered).toBe(false);
      upload.abort();
      await upload.closed;
      await waitFor(() => incomingFiles().length === 0, 5000, 'the aborted upload to be cleaned up');
    });
  });
});
