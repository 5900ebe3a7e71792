/**
 * Uploads that never finish: a client that hangs up mid-body, stalls, or trickles
 * past the whole upload's deadline leaves no file in uploads/incoming and no open descriptor. The
 * app runs in this process, so its descriptors are /proc/self/fd. The database makes no difference
 * here: PGlite only.
 */
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_LARGE_FILE_MESSAGE } from '@pog/common';
import { createKoaApp } from '../app';
import type { AppContext } from '../context';
import type { ApiClient } from '../testing/api-client';
import { createPlayer } from '../testing/factories';
import { sendOversized } from '../testing/oversized-uploads';
import { rawUpload } from '../testing/raw-upload';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

const openDescriptors = () => readdirSync('/proc/self/fd').length;
const MiB = 1024 * 1024;

/** The same app with some of its context changed, served on a port of its own. */
async function serveVariant(context: AppContext): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(createKoaApp(context).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('uploads that never finish', () => {
  let app: TestApp;
  let cookie: string;
  let client: ApiClient;
  beforeAll(async () => {
    app = await startTestApp();
    const player = await createPlayer(app, 'up');
    client = player.client;
    cookie = client.cookieHeader;
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

  it.each([false, true])('answers a body over 64 MB (chunked: %s) at once with a 413 fetch reads, and keeps nothing', async (chunked) => {
    const answer = await sendOversized(client, { name: '100 MiB', bytes: 100 * MiB, chunked });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_FILE_MESSAGE });
    await waitFor(() => incomingFiles().length === 0, 5000, 'the refused upload to be cleaned up');
  }, 60_000);

  describe('with a short idle limit', () => {
    let variant: Awaited<ReturnType<typeof serveVariant>>;
    const url = () => variant.url;
    beforeAll(async () => {
      // The idle limit shortened from 30 s.
      variant = await serveVariant({ ...app.runtime.context!, uploadIdleMs: 300 });
    });
    afterAll(async () => {
      await variant?.close();
    });

    it('ends an upload that stalls mid-body with 408, closing the connection and the file', async () => {
      const before = openDescriptors();
      const upload = rawUpload(url(), cookie);
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
      const upload = rawUpload(url(), cookie);
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

  describe('with a short deadline for the whole upload', () => {
    let variant: Awaited<ReturnType<typeof serveVariant>>;
    const url = () => variant.url;
    beforeAll(async () => {
      // UPLOAD_DEADLINE_SECONDS shortened to one second.
      const context = app.runtime.context!;
      variant = await serveVariant({ ...context, config: { ...context.config, uploads: { ...context.config.uploads, deadlineMs: 1000 } } });
    });
    afterAll(async () => {
      await variant?.close();
    });

    it('ends an upload that trickles a byte at a time with 408 at the deadline, closing the file', async () => {
      const before = openDescriptors();
      const upload = rawUpload(url(), cookie);
      upload.send(1024);
      await fileBeingWritten();
      // Never idle for long (the idle limit is 30 s here), but never done either.
      const trickle = setInterval(() => upload.send(1), 200);
      const started = Date.now();
      const answer = await upload.answer.finally(() => clearInterval(trickle));
      expect(answer?.status).toBe(408);
      expect(JSON.parse(answer!.body)).toEqual({ code: 'VALIDATION_ERROR', message: 'The upload took too long (more than 1 second). Please try again on a faster connection.' });
      expect(Date.now() - started).toBeLessThan(5_000);
      await upload.closed;
      await waitFor(() => incomingFiles().length === 0 && openDescriptors() <= before, 5000, 'the slow upload to be cleaned up');
    });
  });
});
