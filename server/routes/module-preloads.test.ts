import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulePreloadTags, pageEntries, staticImportClosure } from './module-preloads';

const manifest = {
  'widgets/portal/define.ts': {
    file: 'vendor-portal.js',
    name: 'vendor-portal',
    isEntry: true,
    imports: ['_shell.js'],
  },
  '_shell.js': { file: 'chunks/shell-AAAAAAAA.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'chunks/runtime-BBBBBBBB.js' },
  'widgets/checkout/define.ts': {
    file: 'vendor-checkout.js',
    name: 'vendor-checkout',
    isEntry: true,
    imports: ['_checkout.js', '_runtime.js'],
  },
  '_checkout.js': { file: 'chunks/checkout-CCCCCCCC.js', imports: ['_runtime.js'] },
};

describe('the portal page’s module preloads', () => {
  it('name the portal, and the element a public or sign-in page shows at once', () => {
    expect(pageEntries('/checkout')).toEqual(['vendor-portal', 'vendor-checkout']);
    expect(pageEntries('/auth/sign-in')).toEqual(['vendor-portal', 'vendor-sign-in']);
    // An account page's element waits for the profile.
    expect(pageEntries('/user/my-products')).toEqual(['vendor-portal']);
    expect(pageEntries('/user/dashboard')).toEqual(['vendor-portal']);
    expect(pageEntries('/no/such/page')).toEqual(['vendor-portal']);
  });

  it('list each entry with every chunk it imports, each once', () => {
    expect(staticImportClosure(manifest, ['vendor-portal', 'vendor-checkout'])).toEqual([
      'vendor-portal.js',
      'chunks/shell-AAAAAAAA.js',
      'chunks/runtime-BBBBBBBB.js',
      'vendor-checkout.js',
      'chunks/checkout-CCCCCCCC.js',
    ]);
  });

  it('are link tags read from the build manifest, and none without one', async () => {
    const widgets = await mkdtemp(join(tmpdir(), 'preloads-'));
    expect(await modulePreloadTags(widgets, '/checkout')).toBe('');
    await mkdir(join(widgets, '.vite'));
    await writeFile(join(widgets, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const tags = await modulePreloadTags(widgets, '/checkout');
    expect(tags.split('\n').map((line) => line.trim())).toEqual([
      '<link rel="modulepreload" href="/widgets/vendor-portal.js">',
      '<link rel="modulepreload" href="/widgets/chunks/shell-AAAAAAAA.js">',
      '<link rel="modulepreload" href="/widgets/chunks/runtime-BBBBBBBB.js">',
      '<link rel="modulepreload" href="/widgets/vendor-checkout.js">',
      '<link rel="modulepreload" href="/widgets/chunks/checkout-CCCCCCCC.js">',
    ]);
  });
});
