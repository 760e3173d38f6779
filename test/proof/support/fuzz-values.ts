import fc from 'fast-check';

/** Keys that pollute a prototype when a server merges objects carelessly. */
export const pollutingKeys = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * Strings that have broken parsers before: number look-alikes at the edges, empty and blank, control
 * and lone-surrogate characters, markup, SQL and template syntax, path traversal, prototype names.
 */
const edgeStrings = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1e308',
  '1e309',
  '9007199254740992',
  '9007199254740993',
  '2147483648',
  '0x1F',
  '1_000',
  ' 42 ',
  '42abc',
  '',
  ' ',
  '\u0000',
  '%00',
  '\uD800',
  '\u202Eevil',
  '🙂🙂🙂',
  'e\u0301',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, not a template
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  ...pollutingKeys,
);

const hugeString = fc
  .tuple(fc.integer({ min: 10_000, max: 300_000 }), fc.constantFrom('x', 'é', '🙂', '\u0000', '%'))
  .map(([length, unit]) => unit.repeat(length));

/** Any hostile string: edge cases, arbitrary unicode (lone surrogates included), or a very long one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: edgeStrings, weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

/**
 * Number literals written straight into the JSON text, since JSON.stringify cannot write -0 as such
 * and turns 1e309 into null: the server's own parser must meet them.
 */
const edgeNumberLiterals = fc.constantFrom(
  '0',
  '-0',
  '-1',
  '1e308',
  '-1e308',
  '1e309',
  '5e-324',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '0.5',
  '1.0000000000000002',
  '123456789012345678901234567890',
);

/** A JSON value as text. Objects are written key by key, so `__proto__` arrives as a real key. */
export const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    edgeNumberLiterals,
    hostileString.map((text) => JSON.stringify(text)),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...pollutingKeys), fc.string({ maxLength: 12 })), tie('value')),
        {
          maxLength: 4,
        },
      )
      .map(objectText),
  ),
})).value;

export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** A value that tries to pollute Object.prototype when merged: `{"__proto__": {"polluted": …}}`. */
export const pollutingValue: fc.Arbitrary<string> = fc
  .constantFrom(...pollutingKeys)
  .map((key) =>
    key === '__proto__'
      ? objectText([[key, '{"polluted":"yes","isAdmin":true}']])
      : objectText([[key, objectText([['prototype', '{"polluted":"yes"}']])]]),
  );
