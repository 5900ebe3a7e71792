/**
 * An answer already serialised to JSON: `compressJson` sends its bytes as they are (and keeps each
 * compressed form it made, so an answer sent many times is compressed once per encoding), and
 * `handle` checks it against the route's contract like any other answer. For answers kept and sent
 * again (routes/pog-list-answers.ts); `T` is the value it was made from, for the route's types.
 */
export class SerializedJson<T> {
  declare private readonly value?: T;
  readonly text: string;
  /** The text's length in UTF-8 bytes. */
  readonly byteLength: number;
  private utf8: Buffer | undefined;
  private readonly encoded = new Map<string, Promise<Buffer>>();

  constructor(value: T) {
    this.text = JSON.stringify(value);
    this.byteLength = Buffer.byteLength(this.text);
  }

  /** The text as UTF-8 bytes, made when first asked for (only compression needs them). */
  get bytes(): Buffer {
    this.utf8 ??= Buffer.from(this.text);
    return this.utf8;
  }

  /** The bytes in `encoding`, made by `encode` the first time only. */
  encodedAs(encoding: string, encode: (raw: Buffer) => Promise<Buffer>): Promise<Buffer> {
    let encoded = this.encoded.get(encoding);
    if (!encoded) {
      encoded = encode(this.bytes);
      this.encoded.set(encoding, encoded);
      // A failed compression is not kept: the next answer tries again.
      encoded.catch(() => this.encoded.delete(encoding));
    }
    return encoded;
  }

  /** The value again (JSON.stringify of an answer holding one, and contract checks). */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
