/**
 * Reads an upload's body: the multipart field `image` is streamed to a file (busboy), and every way
 * the body can go wrong ends in a clear answer, no file and no open descriptor:
 *
 * - a file that reaches the size limit, a form busboy cannot parse, a full disk: storing stops at
 *   once, and the rest of the body is read and thrown away (up to `discardMaxBytes` of body in all)
 *   before the answer, so that any client, nginx included, reads the answer instead of a reset
 *   connection. A body larger still is answered at once, and its connection closed after the answer;
 * - a client that sends nothing for `idleMs`, or has not finished after `deadlineMs`: answered at
 *   once (408), its connection closed after the answer (closeAfterAnswer);
 * - a client that hangs up: nothing to answer, everything closed.
 *
 * Every callback busboy and the streams call is guarded: what one throws is caught here and answered
 * like the failures above, never left to the process. Busboy's parser and the file are let go
 * outside busboy's own call stack (it goes on using its state after it emits `limit`).
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError, TOO_LARGE_FILE_MESSAGE, ValidationError } from '@pog/common';
import { isStorageFull, StorageFullError } from '@pog/domain/uploads';

export interface UploadBodyLimits {
  /** A file must be smaller than this: one that reaches it is refused (the spec's "less than 25MB"). */
  maxFileBytes: number;
  /** How much body, in all, is read to answer a refused upload cleanly; beyond, its connection is closed. */
  discardMaxBytes: number;
  /** How long the body may send nothing. */
  idleMs: number;
  /** How long the whole body may take, however steadily it arrives. */
  deadlineMs: number;
}

/** How long a connection answered before its body ended is still read (and what arrives dropped) before it is closed. */
const LINGER_MS = 2_000;

export const tooLargeFile = () => new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_FILE_MESSAGE, { status: 413 });
const interrupted = () => new ValidationError('The upload was interrupted or malformed. Please try again.');
const notMultipart = () => new ValidationError('Send the image as multipart/form-data with the field "image".');
const stalled = (ms: number) => new AppError('VALIDATION_ERROR', `The upload stalled (nothing arrived for ${Math.round(ms / 1000)} seconds). Please try again.`, { status: 408 });
const seconds = (ms: number) => (Math.round(ms / 1000) === 1 ? '1 second' : `${Math.round(ms / 1000)} seconds`);
const tooSlow = (ms: number) =>
  new AppError('VALIDATION_ERROR', `The upload took too long (more than ${seconds(ms)}). Please try again on a faster connection.`, { status: 408 });

/**
 * Closes the connection of a request answered before its body ended, as nginx's lingering close
 * does: once the answer is written, our side is shut (the client sees the end of the answer) and
 * what the client still sends is read and dropped for LINGER_MS before the connection is closed. A
 * connection closed with unread bytes is reset, and a reset can destroy the answer before the client
 * reads it.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  res.once('finish', () => {
    const socket = req.socket;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  });
}

/** Resolves true once the file is stored in `target`, false when the form had no `image` file; rejects with the answer otherwise. */
export function receiveImage(req: IncomingMessage, res: ServerResponse, target: string, limits: UploadBodyLimits): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: limits.maxFileBytes, fields: 10, fieldSize: 1024, parts: 20 } });
    } catch {
      reject(notMultipart());
      return;
    }
    new ImageReceiver({ req, res, parser, target, limits, resolve, reject }).start();
  });
}

interface ReceiverParts {
  req: IncomingMessage;
  res: ServerResponse;
  parser: busboy.Busboy;
  target: string;
  limits: UploadBodyLimits;
  resolve(stored: boolean): void;
  reject(error: unknown): void;
}

/** One upload's body on its way to a file, and every way it can end. */
class ImageReceiver {
  private file: Readable | undefined;
  private output: WriteStream | undefined;
  private saving: Promise<void> | undefined;
  /** Set once the upload is refused: the rest of the body is thrown away, then this is answered. */
  private refusal: unknown;
  private bodyEnded = false;
  private settled = false;
  private received = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly deadline: NodeJS.Timeout;

  constructor(private readonly parts: ReceiverParts) {
    const { limits } = parts;
    this.deadline = setTimeout(() => this.abandon(tooSlow(limits.deadlineMs)), limits.deadlineMs);
  }

  start(): void {
    const { req, parser } = this.parts;
    parser.on('file', this.guarded((field: string, stream: Readable) => this.onFile(field, stream)));
    parser.on('error', () => this.refuse(interrupted()));
    parser.on('close', this.guarded(() => this.onParserClose()));
    this.touch();
    req.on('data', this.onData);
    req.on('end', this.onEnd);
    req.on('close', this.onClose);
  }

  /** Runs a callback of busboy's or the streams': what it throws refuses the upload instead of reaching the process. */
  private guarded<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
    return (...args: A) => {
      try {
        callback(...args);
      } catch (error) {
        this.refuse(error);
      }
    };
  }

  private finish(outcome: { stored: boolean } | { error: unknown }): void {
    if (this.settled) return;
    this.settled = true;
    const { req, resolve, reject } = this.parts;
    clearTimeout(this.idle);
    clearTimeout(this.deadline);
    req.off('data', this.onData);
    req.off('end', this.onEnd);
    req.off('close', this.onClose);
    // The caller removes the file: it must be closed first.
    const output = this.output;
    const closed = output && !output.closed ? once(output, 'close').then(() => undefined, () => undefined) : Promise.resolve();
    this.stopStoring();
    void closed.then(() => ('error' in outcome ? reject(outcome.error) : resolve(outcome.stored)));
  }

  /** Lets go of the parser and the file, after busboy's current call has returned. */
  private stopStoring(): void {
    setImmediate(() => {
      this.parts.parser.destroy();
      this.file?.destroy();
      this.output?.destroy();
    });
  }

  /** Stops storing; the answer waits for the rest of the body, read and discarded. */
  private refuse(error: unknown): void {
    if (this.refusal !== undefined || this.settled) return;
    this.refusal = error;
    this.stopStoring();
    if (this.bodyEnded) this.finish({ error });
    else this.parts.req.resume();
  }

  /** Answers now without reading the rest; the connection is closed after the answer. */
  private abandon(error: AppError): void {
    this.finish({ error });
    closeAfterAnswer(this.parts.req, this.parts.res);
  }

  private touch(): void {
    const { idleMs } = this.parts.limits;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.abandon(stalled(idleMs)), idleMs);
  }

  private readonly onData = this.guarded((chunk: Buffer) => {
    const { req, parser, limits } = this.parts;
    this.received += chunk.length;
    this.touch();
    if (this.received > limits.discardMaxBytes) return this.abandon(tooLargeFile());
    if (this.refusal !== undefined) return;
    if (!parser.write(chunk)) {
      req.pause();
      parser.once('drain', () => req.resume());
    }
  });

  private readonly onEnd = this.guarded(() => {
    this.bodyEnded = true;
    if (this.refusal !== undefined) this.finish({ error: this.refusal });
    else this.parts.parser.end();
  });

  private readonly onClose = () => {
    // The client hung up before the end of its body: nobody is left to answer.
    if (!this.bodyEnded) this.finish({ error: interrupted() });
  };

  private onFile(field: string, stream: Readable): void {
    if (field !== 'image' || this.saving || this.refusal !== undefined || this.settled) {
      stream.resume();
      return;
    }
    this.file = stream;
    const output = createWriteStream(this.parts.target);
    this.output = output;
    // The file's side: a full disk is a storage error, anything else the server's own failure.
    output.on('error', (error) => this.refuse(isStorageFull(error) ? new StorageFullError() : error));
    stream.on('limit', this.guarded(() => this.refuse(tooLargeFile())));
    this.saving = pipeline(stream, output);
    // The form's side (busboy ended the file early): the body was malformed or cut.
    this.saving.catch(() => this.refuse(interrupted()));
  }

  private onParserClose(): void {
    if (this.refusal !== undefined || this.settled) return;
    if (!this.saving) return this.finish({ stored: false });
    this.saving.then(
      () => this.finish({ stored: true }),
      () => undefined, // answered by the catch above
    );
  }
}
