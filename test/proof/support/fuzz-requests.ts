import fc from 'fast-check';
import type { FuzzEntry } from './fuzz-corpus';
import { hostileJson, hostileString, objectText, pollutingKeys, pollutingValue } from './fuzz-values';

/** One generated call: the runner adds the token (unless anonymous) and a client address. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
  anonymous: boolean;
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A path segment: anything, kept under a URL length a proxy would let through. */
const segment = hostileString.map((text) => percentEncode(text.slice(0, 2048)) || '%20');

/** Fills `:name`, `:name{regex}` and `*` of a route path. */
function pathArbitrary(routePath: string): fc.Arbitrary<string> {
  const holes = routePath.match(/:[A-Za-z_]+(\{[^}]*\})?|\*/g) ?? [];
  if (holes.length === 0) return fc.constant(routePath);
  return fc.tuple(...holes.map(() => segment)).map((values) => {
    let index = 0;
    return routePath.replace(/:[A-Za-z_]+(\{[^}]*\})?|\*/g, () => values[index++] ?? '');
  });
}

/** A key the endpoint reads, a polluting one, or a stray one. */
const keyFrom = (fields: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(fields.length ? fields : ['id'])), weight: 6 },
    { arbitrary: fc.constantFrom(...pollutingKeys), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );

/** Mostly an object of the endpoint's own fields with hostile values; sometimes no object at all. */
function jsonBody(fields: readonly string[]): fc.Arbitrary<string> {
  const entry = fc.tuple(keyFrom(fields), fc.oneof({ arbitrary: hostileJson, weight: 9 }, pollutingValue));
  return fc.oneof(
    { arbitrary: fc.array(entry, { maxLength: fields.length + 3 }).map(objectText), weight: 8 },
    { arbitrary: hostileJson, weight: 1 },
    // Not JSON: cut short, or plain text.
    {
      arbitrary: fc.oneof(
        hostileJson.map((text) => text.slice(0, -1)),
        fc.string(),
      ),
      weight: 1,
    },
  );
}

const jsonType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    weight: 1,
  },
);

function fieldPairs(fields: readonly string[]): fc.Arbitrary<[string, string][]> {
  return fc.array(fc.tuple(keyFrom(fields), hostileString), { maxLength: fields.length + 3 });
}

const uploadFile = fc.record({
  field: fc.constantFrom('screenshots[]', 'attachments[]', 'screenshots'),
  name: hostileString.map((name) => name.slice(0, 300)),
  type: fc.constantFrom('image/png', 'text/plain', 'application/octet-stream', '', 'text/html'),
  bytes: fc.uint8Array({ maxLength: 2048 }),
});

/** Every request the fuzzer may send to one endpoint of the corpus. */
export function requestArbitrary(entry: FuzzEntry): fc.Arbitrary<FuzzRequest> {
  const [rawMethod = 'GET', routePath = '/'] = entry.route.split(' ');
  const method = rawMethod === 'ALL' ? 'GET' : rawMethod;
  const anonymous = entry.anonymous ? fc.boolean() : fc.constant(false);
  const path = pathArbitrary(routePath);
  const { input } = entry;
  const base = { method, headers: {} as Record<string, string> };

  switch (input.kind) {
    case 'json':
      return fc
        .record({ path, anonymous, body: jsonBody(input.fields), type: jsonType })
        .map(({ type, ...rest }) => ({ ...base, ...rest, headers: { 'Content-Type': type } }));
    case 'query':
      return fc
        .record({ path, anonymous, pairs: fieldPairs(input.fields) })
        .map(({ path: p, anonymous: a, pairs }) => {
          const search = new URLSearchParams();
          for (const [key, value] of pairs) search.append(key, value);
          const query = search.toString();
          return { ...base, path: query ? `${p}?${query}` : p, anonymous: a };
        });
    case 'form':
      return fc.record({ path, anonymous, pairs: fieldPairs(input.fields) }).map(({ pairs, ...rest }) => ({
        ...base,
        ...rest,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(pairs).toString(),
      }));
    case 'multipart':
      return fc
        .record({
          path,
          anonymous,
          pairs: fieldPairs(input.fields),
          files: fc.array(uploadFile, { maxLength: 3 }),
        })
        .map(({ pairs, files, ...rest }) => {
          const form = new FormData();
          for (const [key, value] of pairs) form.append(key, value);
          for (const file of files) {
            form.append(file.field, new File([file.bytes.slice()], file.name, { type: file.type }));
          }
          return { ...base, ...rest, body: form };
        });
    case 'path':
      return fc.record({ path, anonymous }).map((rest) => ({ ...base, ...rest }));
    case 'none':
      throw new Error(`${entry.route} takes no input to fuzz: ${input.reason}`);
  }
}
