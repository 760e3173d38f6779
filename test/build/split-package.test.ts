// @vitest-environment node
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitPackage } from '../../vite.split-package';
import { type BuiltFixtures, buildFixtures } from './build-fixtures';

const fixtures = resolve(import.meta.dirname, 'split-package');
let built: BuiltFixtures;
const loadedCode = (entry: string) => built.startCode(entry);

beforeAll(async () => {
  built = await buildFixtures({
    name: 'split-package',
    plugins: splitPackage('valibot'),
    entries: {
      'object-only': join(fixtures, 'object-only.ts'),
      email: join(fixtures, 'email.ts'),
      'global-config': join(fixtures, 'global-config.ts'),
    },
  });
}, 60_000);

describe('splitPackage (valibot, one module per declaration)', () => {
  it('leaves out of an entry the validators only another entry calls', () => {
    expect(loadedCode('object-only')).not.toMatch(/function email\b/);
    expect(loadedCode('email')).toMatch(/function email\b/);
    // Both share what both call, once.
    expect(loadedCode('object-only')).toMatch(/function safeParse\b/);
  });

  it('runs the package code unchanged, through namespace and named imports', async () => {
    const { parseItem } = await built.load<{ parseItem: (input: unknown) => boolean }>('object-only');
    expect(parseItem({ id: 1, name: 'a' })).toBe(true);
    expect(parseItem({ id: '1', name: 'a' })).toBe(false);
    const { isEmail } = await built.load<{ isEmail: (input: unknown) => boolean }>('email');
    expect(isEmail('someone@example.com')).toBe(true);
    expect(isEmail('someone')).toBe(false);
  });

  it('keeps a top-level binding with the function that assigns it', async () => {
    const { roundTrip } = await built.load<{ roundTrip: (lang: string) => string }>('global-config');
    expect(roundTrip('de')).toBe('de');
  });
});
