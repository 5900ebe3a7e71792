/**
 * The few host objects the shared code uses, which both browsers and Node provide. `common` is
 * compiled with neither the DOM's nor Node's types, so that a browser-only or a Node-only API used
 * here fails to type-check; these are the declared exceptions, in their narrowest useful shape.
 */
declare global {
  class URL {
    constructor(url: string, base?: string | URL);
    href: string;
    pathname: string;
    search: string;
    readonly searchParams: URLSearchParams;
    toString(): string;
  }
  class URLSearchParams {
    constructor(init?: string | Record<string, string>);
    get(name: string): string | null;
    set(name: string, value: string): void;
    append(name: string, value: string): void;
    has(name: string): boolean;
    toString(): string;
  }
  class TextEncoder {
    encode(input?: string): Uint8Array<ArrayBuffer>;
  }
  /** Only named as the body of an upload; the browser builds it, the shared code passes it on. */
  interface FormData {
    append(name: string, value: unknown, fileName?: string): void;
  }
  interface CryptoKey {
    readonly type: string;
  }
  interface SubtleCrypto {
    digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
    importKey(format: 'raw', keyData: Uint8Array<ArrayBuffer>, algorithm: { name: 'HMAC'; hash: 'SHA-256' }, extractable: boolean, usages: ['sign']): Promise<CryptoKey>;
    sign(algorithm: 'HMAC', key: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  }
  interface Crypto {
    readonly subtle: SubtleCrypto;
    getRandomValues<T extends Uint8Array<ArrayBuffer>>(array: T): T;
  }
  var crypto: Crypto;
}

export {};
