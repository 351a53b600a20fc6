import { isErrorBody } from '@unimercado/shared/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from './test/db-snapshot';
import { createAccount, createTestApp, type TestContext } from './test/helpers';
import { createProduct, multipartBody } from './test/products';
import { makeOffer } from './test/trade';
import { checkReliabilityCount } from './test/reliability-doc';

/**
 * Fuzzing every route of the OpenAPI document (issue 22): generated malformed requests (bad ids,
 * wrong types, huge strings, missing fields, bad JSON, odd content types, odd query strings) never
 * get a 5xx, every refusal carries the contract's error body, and the database is unchanged.
 * Every request that could write (anything but GET) carries at least one defect the server must
 * refuse; GETs get odd query strings only.
 *
 * FUZZ_RUNS sets the number of requests (CI: the default; `npm run soak` runs many more) and
 * FUZZ_SEED replays a run (fast-check prints the seed of a failure).
 */
export const DEFAULT_FUZZ_RUNS = 5000;
const RUNS = Number(process.env.FUZZ_RUNS ?? DEFAULT_FUZZ_RUNS);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: Schema;
};
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  query: Parameter[];
  body: Schema | undefined;
};

const operationsOf = (document: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}): Operation[] =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const body = (
        operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined
      )?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query'),
        body,
      };
    }),
  );

/** Text that no id, number or enum accepts, and text that breaks parsers. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0x10',
    '1e3',
    '1.5',
    'NaN',
    'Infinity',
    '99999999999999999999999',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    '𝔘𝔫𝔦',
    'ñandú',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1, max: 5 }).map((n) => 'ä'.repeat(n * 300)),
);

/** A JSON value of the wrong kind for a field whose schema is `schema`. */
const wrongValue = (schema: Schema) => {
  const types = new Set([schema.type, ...(schema.anyOf ?? []).map((s) => s.type)]);
  const candidates: fc.Arbitrary<unknown>[] = [
    fc.constant({}),
    fc.constant({ $ne: 1 }),
    fc.constant([[]]),
    fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
  ];
  if (!types.has('number') && !types.has('integer')) {
    candidates.push(fc.constantFrom(-1, 1.5, 1e308, -0));
  }
  if (!types.has('string')) candidates.push(hostileText.filter((text) => !/^\d+$/.test(text)));
  if (schema.maxLength !== undefined) {
    candidates.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  }
  if (!types.has('boolean')) candidates.push(fc.boolean());
  return fc.oneof(...candidates);
};

/** An ordinary-looking JSON value, sometimes right, sometimes not. */
const anyValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
  fc.boolean(),
  fc.constant(null),
  hostileText,
);

/** A body for `schema` where one required field is certain to be wrong (or missing). */
const poisonedBody = (schema: Schema): fc.Arbitrary<unknown> | undefined => {
  if (schema.type === 'array') {
    return fc.oneof(
      fc.constant([]),
      fc.array(hostileText, { minLength: 1, maxLength: 3 }),
      fc.constant({ roles: [1] }),
      fc.array(fc.integer({ min: -5, max: 0 }), { minLength: 1, maxLength: 3 }),
    );
  }
  const required = (schema.required ?? []).filter((name) => {
    const field = schema.properties?.[name];
    return field && (field.type !== undefined || field.anyOf !== undefined);
  });
  if (required.length === 0) return undefined;
  const properties = schema.properties ?? {};
  return fc
    .record({
      target: fc.constantFrom(...required),
      missing: fc.boolean(),
      others: fc.dictionary(fc.constantFrom(...Object.keys(properties)), anyValue, {
        maxKeys: 6,
      }),
    })
    .chain(({ target, missing, others }) =>
      (missing ? fc.constant(undefined) : wrongValue(properties[target]!)).map((value) => {
        const body: Record<string, unknown> = { ...others };
        if (value === undefined) delete body[target];
        else body[target] = value;
        return body;
      }),
    );
};

/** A value the query schema of `parameter` refuses, or undefined when nothing is sure to. */
const poisonedQueryValue = (parameter: Parameter): fc.Arbitrary<string> | undefined => {
  const schema = parameter.schema;
  const types = new Set([schema.type, ...(schema.anyOf ?? []).map((s) => s.type)]);
  if (types.has('number') || types.has('integer') || schema.pattern || schema.anyOf) {
    return fc.constantFrom('abc', '-1', '1.5', '0x10', '1e3', '99999999999999999999', '%2B1');
  }
  if (schema.enum) return fc.constantFrom('nope', 'TRUE', '1', '');
  if (schema.maxLength !== undefined) return fc.constant('x'.repeat(schema.maxLength + 1));
  return undefined;
};

/** Percent-encoding; a lone surrogate becomes the bytes of one (not UTF-8: also hostile). */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** Random extra query text: unknown keys, repeated keys, brackets, broken escapes. */
const queryNoise = fc.array(
  fc.oneof(
    fc
      .tuple(fc.string({ maxLength: 8 }), hostileText)
      .map(([key, value]) => `${encode(key)}=${encode(value)}`),
    fc.constantFrom(
      '%',
      '%zz',
      '%00',
      '&&&',
      '=',
      '[]=1',
      'a[b][c]=d',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'page=1&page=2',
      'size=-1',
      'size=100000',
      `q=${'a'.repeat(9000)}`,
    ),
  ),
  { maxLength: 3 },
);

const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=nope',
  'application/jsonx',
  'application/vnd.api+json',
  'image/png',
  'application/octet-stream',
];

const isUnreadable = (type: string) => !/^(text\/plain|multipart\/)/.test(type);

const BAD_JSON = ['{', '{"a":', '[1,', 'nul', "{'a':1}", '{"a":1}}', '\u0000', '{"a":"\\u0000"}'];

const TOO_LARGE = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });

type Defect =
  'path' | 'query' | 'badJson' | 'contentType' | 'body' | 'bodyShape' | 'tooLarge' | 'notAPhoto';

/** The photo uploads take multipart/form-data (not in the OpenAPI document's JSON bodies). */
const isUpload = (operation: Operation) => /\/upload-images?$/.test(operation.path);

describe('fuzzing every route of the OpenAPI document', () => {
  let ctx: TestContext;
  let tokens: string[];
  let realIds: number[];
  let operations: Operation[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const member = await createAccount(ctx, { verified: true });
    const buyer = await createAccount(ctx, { verified: true });
    const unverified = await createAccount(ctx);
    const admin = await createAccount(ctx, { verified: true, admin: true });
    // Real ids, so that some defective requests name things that exist.
    const product = await createProduct(ctx, member);
    const offer = await makeOffer(ctx, buyer, product, 10);
    realIds = [member.user.id, buyer.user.id, product.id, offer.id, 1];
    tokens = [member.token, buyer.token, unverified.token, admin.token];
    operations = operationsOf(ctx.app.swagger() as unknown as Parameters<typeof operationsOf>[0]);
  });
  afterAll(() => ctx.close());

  const requestFor = (operation: Operation) => {
    const defects: Defect[] = [];
    if (operation.pathParams.length > 0) defects.push('path');
    const poisonable = operation.query.filter((p) => poisonedQueryValue(p));
    if (poisonable.length > 0) defects.push('query');
    if (operation.method !== 'GET') {
      defects.push('badJson', 'contentType');
      if (isUpload(operation)) defects.push('notAPhoto');
      if (operation.body) defects.push('bodyShape');
      if (operation.body && poisonedBody(operation.body)) defects.push('body');
    }
    const path = fc.record(
      Object.fromEntries(
        operation.pathParams.map((name) => [
          name,
          fc.oneof(fc.constantFrom(...realIds.map(String)), fc.nat({ max: 50 }).map(String)),
        ]),
      ),
    );
    // Mostly real members, so that most requests get past authentication to the checks.
    const caller = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...tokens).map((token) => `Bearer ${token}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          undefined,
          'Bearer null',
          'Bearer ',
          'Basic YTpi',
          'Bearer a.b.c',
        ),
      },
    );
    return fc
      .record({
        defects:
          defects.length > 0
            ? fc.subarray(defects, { minLength: 1, maxLength: Math.min(2, defects.length) })
            : fc.constant([] as Defect[]),
        // One write in twenty is over the body limit (1 MB) as well.
        tooLarge: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
        path,
        badPath: hostileText,
        badPathParam: fc.constantFrom(
          ...(operation.pathParams.length ? operation.pathParams : ['']),
        ),
        queryTarget: fc.constantFrom(...(poisonable.length ? poisonable : [undefined])),
        noise: queryNoise,
        caller,
        badJson: fc.constantFrom(...BAD_JSON),
        // Fastify reads text/plain (and the multipart plugin multipart) bodies for any route: they
        // are defects only where the route expects a JSON body.
        contentType: fc.constantFrom(
          ...(operation.body ? ODD_CONTENT_TYPES : ODD_CONTENT_TYPES.filter(isUnreadable)),
        ),
        // Not `null`: a JSON null is no body (decision 007), which routes with optional fields take.
        bodyShape: fc.constantFrom<unknown>(1, 'texto', true, [], [{}], -1.5),
        // Bytes that are no image, under a photo's name and type (or a wrong field name).
        notAPhoto: fc.record({
          data: fc.oneof(
            fc.uint8Array({ maxLength: 2000 }),
            fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
            fc.constant(new TextEncoder().encode('<svg onload="alert(1)"/>')),
          ),
          filename: fc.constantFrom(
            'foto.jpg',
            '../../../etc/passwd',
            'a.svg',
            '',
            'x'.repeat(300),
          ),
          type: fc.constantFrom('image/jpeg', 'image/png', 'image/svg+xml', 'text/html'),
          field: fc.constantFrom('files', 'file', 'image', ''),
        }),
        body: operation.body ? (poisonedBody(operation.body) ?? fc.constant({})) : fc.constant({}),
      })
      .chain((parts) =>
        (parts.queryTarget ? poisonedQueryValue(parts.queryTarget)! : fc.constant('')).map(
          (queryValue) => ({ ...parts, queryValue }),
        ),
      )
      .map((parts) => {
        const has = (defect: Defect) =>
          parts.defects.includes(defect) ||
          (defect === 'tooLarge' && parts.tooLarge && operation.method !== 'GET');
        let url = operation.path.replaceAll(/\{(\w+)\}/g, (_whole, name: string) =>
          encode(
            has('path') && name === parts.badPathParam
              ? parts.badPath === '' || /^[1-9]\d{0,8}$/.test(parts.badPath)
                ? 'x'
                : parts.badPath
              : parts.path[name]!,
          ),
        );
        const query = [...parts.noise];
        if (has('query') && parts.queryTarget) {
          query.push(`${parts.queryTarget.name}=${encode(parts.queryValue)}`);
        }
        if (query.length > 0) url += `?${query.join('&')}`;
        const headers: Record<string, string> = {};
        if (parts.caller) headers.authorization = parts.caller;
        let payload: string | Buffer | undefined;
        if (operation.method !== 'GET') {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(has('bodyShape') ? parts.bodyShape : parts.body);
          if (has('badJson')) payload = parts.badJson;
          if (has('notAPhoto')) {
            const form = multipartBody([
              {
                field: parts.notAPhoto.field,
                filename: parts.notAPhoto.filename,
                contentType: parts.notAPhoto.type,
                data: Buffer.from(parts.notAPhoto.data),
              },
            ]);
            headers['content-type'] = form.headers['content-type'];
            payload = form.payload;
          }
          if (has('tooLarge')) payload = TOO_LARGE;
          // Bad JSON is a defect as JSON; an odd type is one on its own.
          if (has('contentType') && !has('badJson')) headers['content-type'] = parts.contentType;
        }
        const defects = has('tooLarge') ? [...parts.defects, 'tooLarge'] : parts.defects;
        return { method: operation.method, url, headers, payload, defects };
      });
  };

  it('never a 5xx, always the error body, nothing written', async () => {
    // The mail worker empties the outbox of the set-up's registrations in the background.
    await ctx.app.mailer.flush();
    const before = await snapshotDatabase(ctx.database);
    const arbitrary = fc.constantFrom(...operations).chain((operation) => requestFor(operation));
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        sent += 1;
        const res = await ctx.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const what = `${request.method} ${request.url.slice(0, 200)} [${request.defects.join(',')}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (request.method !== 'GET') expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        if (res.statusCode >= 400) expect(isErrorBody(res.json()), what).toBe(true);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
    );
    if (process.env.FUZZ_STATS === '1') console.log(Object.fromEntries(statuses));
    expect(sent).toBe(RUNS);
    await ctx.app.mailer.flush();
    expect(await snapshotDatabase(ctx.database)).toEqual(before);
  }, 600_000);

  it('docs/reliability.md states the number of requests CI sends', async () => {
    await checkReliabilityCount('fuzz-requests', DEFAULT_FUZZ_RUNS);
    await checkReliabilityCount('fuzz-operations', operations.length);
  });
});
