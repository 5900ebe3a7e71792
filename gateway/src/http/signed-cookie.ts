/**
 * Reads a cookie signed the way Koa signs them (`<name>.sig` = Keygrip's signature of `<name>=<value>`, signing-keys.ts) from
 * a raw request, for the Socket.IO handshake, where there is no Koa context. A missing or forged
 * signature reads as no cookie.
 */
import type { IncomingMessage } from 'node:http';
import { SigningKeys } from './signing-keys';

export function readSignedCookie(request: IncomingMessage, name: string, keys: string[]): string | undefined {
  const jar = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const value = jar.get(name);
  const signature = jar.get(`${name}.sig`);
  if (!value || !signature) return undefined;
  return new SigningKeys(keys).index(`${name}=${value}`, signature) >= 0 ? value : undefined;
}
