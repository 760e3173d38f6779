import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulePreloadTags, pageModules, staticImportClosure } from './module-preloads';

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
  'widgets/checkout/PaymentForm.tsx': {
    file: 'chunks/PaymentForm-DDDDDDDD.js',
    imports: ['_checkout.js', '_fields.js'],
  },
  '_fields.js': { file: 'chunks/fields-EEEEEEEE.js', imports: ['_runtime.js'] },
};

describe('the portal page’s module preloads', () => {
  it('name the portal, and the element a public or sign-in page shows at once', () => {
    expect(pageModules('/checkout', '')).toEqual(['vendor-portal', 'vendor-checkout']);
    expect(pageModules('/auth/sign-in', '')).toEqual(['vendor-portal', 'vendor-sign-in']);
    // An account page's element waits for the profile.
    expect(pageModules('/user/my-products', '')).toEqual(['vendor-portal']);
    expect(pageModules('/user/dashboard', '')).toEqual(['vendor-portal']);
    expect(pageModules('/no/such/page', '')).toEqual(['vendor-portal']);
  });

  it('add the checkout’s payment column when the address puts a line in the cart', () => {
    const withColumn = ['vendor-portal', 'vendor-checkout', 'widgets/checkout/PaymentForm.tsx'];
    expect(pageModules('/checkout', '?download_id=4372&price_id=1')).toEqual(withColumn);
    expect(pageModules('/checkout', '?action=renew&license=K&download_id=4372')).toEqual(withColumn);
    expect(pageModules('/checkout', '?contents=abc&racart=def')).toEqual(withColumn);
    // No line from the address (the cart may still have one, saved in the browser: not known here).
    expect(pageModules('/checkout', '?download_id=nope')).toEqual(['vendor-portal', 'vendor-checkout']);
  });

  it('list each entry (by name) or module (by source) with every chunk it imports, each once', () => {
    expect(staticImportClosure(manifest, ['vendor-portal', 'vendor-checkout'])).toEqual([
      'vendor-portal.js',
      'chunks/shell-AAAAAAAA.js',
      'chunks/runtime-BBBBBBBB.js',
      'vendor-checkout.js',
      'chunks/checkout-CCCCCCCC.js',
    ]);
    expect(staticImportClosure(manifest, ['vendor-checkout', 'widgets/checkout/PaymentForm.tsx'])).toEqual([
      'vendor-checkout.js',
      'chunks/checkout-CCCCCCCC.js',
      'chunks/runtime-BBBBBBBB.js',
      'chunks/PaymentForm-DDDDDDDD.js',
      'chunks/fields-EEEEEEEE.js',
    ]);
  });

  it('are link tags read from the build manifest, and none without one', async () => {
    const widgets = await mkdtemp(join(tmpdir(), 'preloads-'));
    expect(await modulePreloadTags(widgets, '/checkout', '')).toBe('');
    await mkdir(join(widgets, '.vite'));
    await writeFile(join(widgets, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const tags = await modulePreloadTags(widgets, '/checkout', '');
    expect(tags.split('\n').map((line) => line.trim())).toEqual([
      '<link rel="modulepreload" href="/widgets/vendor-portal.js">',
      '<link rel="modulepreload" href="/widgets/chunks/shell-AAAAAAAA.js">',
      '<link rel="modulepreload" href="/widgets/chunks/runtime-BBBBBBBB.js">',
      '<link rel="modulepreload" href="/widgets/vendor-checkout.js">',
      '<link rel="modulepreload" href="/widgets/chunks/checkout-CCCCCCCC.js">',
    ]);
  });
});
