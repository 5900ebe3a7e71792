/**
 * fast-check generators of hostile HTTP requests for the fuzz test (http/fuzz.test.ts): wrong
 * types, huge, negative and fractional numbers, long and unicode strings, NUL, deep nesting,
 * prototype keys, odd content types and encodings. Ids the test knows to exist are mixed in, so
 * that some requests get past validation into the domain code.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** Every field name the API's request bodies and queries use, so generated objects hit real fields. */
const FIELDS = [
  'userId', 'fromUserId', 'toUserId', 'offerPogId', 'requestPogId', 'challengerId', 'defenderId', 'challengerPogId',
  'defenderPogId', 'battleType', 'status', 'name', 'textContent', 'fontFamily', 'textColor', 'backgroundColor1',
  'backgroundColor2', 'imageUrl', 'imageStyle', 'maxTrades', 'username', 'password', 'message', 'requestId', 'ids',
  'reason', 'isApproved', 'isFlagged', 'moderationNotes', 'isBanned', 'banReason', 'expectedLastModeratedAt',
  'search', 'rarity', 'creator', 'sort', 'limit', 'cursor', 'before', 'after', 'targetId', 'targetType',
];
/** The names queries use; a query is built mostly from these. */
const QUERY_FIELDS = ['search', 'rarity', 'creator', 'sort', 'limit', 'cursor', 'before', 'after', 'targetId', 'targetType'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const EDGE_NUMBERS = [0, -0, -1, 1, 0.5, -2.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 53, -(2 ** 53), 1e21, 1e308, -1e308, 5e-324];
const EDGE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\n', '\t\r\n', '%00', '%', '%zz', '../../etc/passwd', '..\\..\\boot.ini', '<script>alert(1)</script>',
  "' OR 1=1 --", '"; DROP TABLE users; --', '\u202eevil', '\ud800', '\udfff\ud800', '🔥'.repeat(50), 'é'.repeat(300), 'NaN', 'Infinity',
  '-1', '0', '1e3', '0x10', ' 1', '01', '1.0', '99999999999', 'true', 'null', '[]', '{}', 'common', 'legendary', 'standard', 'accepted',
  '#FFFFFF', '#ffffff', 'Bangers', 'cover', '/uploads/x.jpg', 'http://evil.example/a.jpg', 'javascript:alert(1)',
  '2020-02-30T25:61:00Z', '9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '2024-01-01T00:00:00+99:99',
  'eyJpZCI6OTk5OTk5OTk5OTl9', 'eyJpZCI6MSwicG9pbnRzIjoxZTMwMH0', 'bnVsbA', 'W10',
];

/** encodeURIComponent, with lone surrogates (which it refuses) made U+FFFD first. */
const encode = (value: unknown) => encodeURIComponent(String(value).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

export interface HostileRequest {
  actor: 'guest' | 'player' | 'admin';
  /** Mostly the route's own method; sometimes one the route does not have. */
  method: string;
  path: string;
  query: string;
  body: { bytes: Blob | string; contentType: string | undefined; contentEncoding: string | undefined } | undefined;
}

/** Raw scalars: the edge cases above, ids that exist, and anything at all. */
function scalar(knownIds: number[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 1, arbitrary: fc.double({ min: 2 ** 31, max: 2 ** 60, noNaN: true }).map(Math.floor) },
    { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ minLength: 100, maxLength: 3000 }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** JSON-able values: scalars, arrays and objects nested a few levels. */
function value(knownIds: number[]): fc.Arbitrary<unknown> {
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar(knownIds),
      fc.array(tie('tree'), { maxLength: 6 }),
      fc.dictionary(key, tie('tree'), { maxKeys: 8 }),
    ),
  }));
  return tree;
}

/** A body object over the API's own field names, with hostile values, often with extra keys. */
function bodyObject(knownIds: number[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(key, value(knownIds), { minKeys: 0, maxKeys: 10 });
}

/** Values each field could validly take, so that a body is often valid but for a field or two. */
function plausible(knownIds: number[]): Record<string, fc.Arbitrary<unknown>> {
  const id = fc.constantFrom(...knownIds);
  const word = fc.constantFrom('Fuzz', 'Blaze', 'hello', 'A fine POG', 'why is this rare?');
  return {
    userId: id, fromUserId: id, toUserId: id, offerPogId: id, requestPogId: id, challengerId: id, defenderId: id, challengerPogId: id, defenderPogId: id,
    battleType: fc.constantFrom('standard', 'championship', 'flip'),
    status: fc.constantFrom('accepted', 'rejected'),
    name: word, textContent: word, message: word, reason: word, moderationNotes: word, banReason: word,
    fontFamily: fc.constantFrom('Bangers', 'Inter'),
    textColor: fc.constantFrom('#FFFFFF', '#123abc'), backgroundColor1: fc.constantFrom('#6366F1'), backgroundColor2: fc.constantFrom('#EC4899'),
    imageUrl: fc.constantFrom('', '/img/pog-1.png'),
    imageStyle: fc.constantFrom('cover', 'contain', 'fill'),
    maxTrades: fc.integer({ min: 0, max: 15 }),
    username: fc.stringMatching(/^[a-z]{3,12}$/),
    password: fc.constantFrom('fuzz-password', 'secret-password', 'wrong-one'),
    requestId: fc.stringMatching(/^[a-z0-9]{8,20}$/),
    ids: fc.array(id, { maxLength: 3 }),
    isApproved: fc.boolean(), isFlagged: fc.boolean(), isBanned: fc.boolean(),
    expectedLastModeratedAt: fc.constantFrom(null, '2030-01-01T00:00:00.000Z'),
    search: word,
    rarity: fc.constantFrom('common', 'uncommon', 'rare', 'epic', 'legendary'),
    creator: id, before: id, after: id, targetId: id,
    sort: fc.constantFrom('recent', 'trending'),
    limit: fc.integer({ min: 1, max: 100 }),
    targetType: fc.constantFrom('pog', 'user'),
    cursor: fc.tuple(id, fc.integer({ min: 0, max: 2000 })).map(([i, points]) => Buffer.from(JSON.stringify({ id: i, points })).toString('base64url')),
  };
}

/** A body that would be valid for many routes, with a few fields made hostile. */
function nearlyValidObject(knownIds: number[]): fc.Arbitrary<Record<string, unknown>> {
  const fields = plausible(knownIds);
  const valid = fc.record(fields, { requiredKeys: [] });
  return fc.tuple(valid, fc.dictionary(key, value(knownIds), { maxKeys: 2 })).map(([base, spoilt]) => ({ ...base, ...spoilt }));
}

/** The text of a body: mostly JSON of an object, sometimes a raw __proto__, deep nesting, garbage or a huge body. */
function bodyText(knownIds: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: bodyObject(knownIds).map((o) => JSON.stringify(o)) },
    { weight: 12, arbitrary: nearlyValidObject(knownIds).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.tuple(value(knownIds), bodyObject(knownIds)).map(([p, o]) => `{"__proto__":${JSON.stringify(p) ?? 'null'}${Object.keys(o).length ? ',' + JSON.stringify(o).slice(1) : '}'}`) },
    { weight: 2, arbitrary: value(knownIds).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 50_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 20_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 1, arbitrary: bodyObject(knownIds).map((o) => JSON.stringify(o).slice(0, -1)) },
    { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 200_000 }).map((n) => JSON.stringify({ message: 'x'.repeat(n) })) },
  );
}

const CONTENT_TYPES = [
  'application/json', 'application/json', 'application/json', 'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1',
  'application/json; charset="utf-16"', 'application/merge-patch+json', 'text/plain', 'application/x-www-form-urlencoded',
  'multipart/form-data', 'multipart/form-data; boundary=zzz', 'garbage/;;;', '*/*', undefined,
];
const ENCODINGS = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'gzip', 'deflate', 'br', 'identity', 'gzip, identity', 'x-made-up'];

function body(knownIds: number[]): fc.Arbitrary<HostileRequest['body']> {
  return fc.record({ text: bodyText(knownIds), contentType: fc.constantFrom(...CONTENT_TYPES), contentEncoding: fc.constantFrom(...ENCODINGS), compress: fc.boolean() }).map(
    ({ text, contentType, contentEncoding, compress }) => ({
      // A body labelled gzip is sometimes really gzip, sometimes not.
      bytes: contentEncoding === 'gzip' && compress ? new Blob([new Uint8Array(gzipSync(text))]) : text,
      contentType,
      contentEncoding,
    }),
  );
}

/** A path segment: an id that exists, an edge case, or anything, percent-encoded or raw. */
function segment(knownIds: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...knownIds).map(String) },
    { weight: 3, arbitrary: scalar(knownIds).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%0a', '%2e%2e', '..', '%2F', '1%0a', '%201', '1;2', '1,2', '+1', '1 ') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encode) },
  );
}

/** A query string over the API's query names (some repeated) and random ones. */
function queryString(knownIds: number[]): fc.Arbitrary<string> {
  const fields = plausible(knownIds);
  const pair = fc
    .oneof({ weight: 6, arbitrary: fc.constantFrom(...QUERY_FIELDS) }, { weight: 1, arbitrary: fc.constantFrom(...FIELDS) }, key)
    .chain((k) => fc.tuple(fc.constant(k), Object.hasOwn(fields, k) ? fc.oneof(fields[k]!, scalar(knownIds)) : scalar(knownIds), fc.boolean()));
  return fc.array(pair, { maxLength: 6 }).map((pairs) =>
    pairs.length === 0 ? '' : '?' + pairs.map(([k, v, raw]) => `${encode(k)}=${raw && typeof v === 'string' ? encode(v).replace(/%25/g, '%') : encode(v)}`).join('&'),
  );
}

/**
 * Requests for one route pattern (koa-router's, e.g. /api/trades/:id/status): its params filled with
 * hostile segments, a hostile query, and for methods with a body a hostile body.
 */
export function hostileRequest(pattern: string, routeMethod: string, knownIds: number[]): fc.Arbitrary<HostileRequest> {
  const params = pattern.match(/:\w+/g) ?? [];
  const method = fc.oneof({ weight: 9, arbitrary: fc.constant(routeMethod) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND') });
  return fc
    .record({
      actor: fc.constantFrom('guest' as const, 'player' as const, 'admin' as const),
      method,
      segments: fc.tuple(...params.map(() => segment(knownIds))),
      query: queryString(knownIds),
      body: fc.option(body(knownIds), { freq: 8, nil: undefined }),
    })
    .map(({ actor, method, segments, query, body: sent }) => {
      let i = 0;
      const path = pattern.replace(/:\w+/g, () => segments[i++] || '%20');
      // fetch sends no body with GET (nor do browsers).
      return { actor, method, path, query, body: method === 'GET' ? undefined : sent };
    });
}
