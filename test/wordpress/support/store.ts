import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { pluginZip } from '../../../scripts/wordpress/zip';
import { type DemoAccount, demoAccounts } from '../../e2e/support/session';
import { storeUrl } from './site';

/** Calls to the reference server beside the WordPress site. */

export async function storeToken(request: APIRequestContext, account: DemoAccount): Promise<string> {
  const response = await request.post(`${storeUrl}/api/v1/signin`, { data: demoAccounts[account] });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function storeGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${storeUrl}/api/v1${path}`, { headers: { 'X-WP-Nonce': token } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

export interface StoreLicence {
  license_id: number;
  license_key: string;
  download_id: number;
  sites: string[];
}
interface StoreProduct {
  name: string;
  payment_id: number;
  license: { license_id: number; license_key: string; status: string };
}

/**
 * The seeded customer's licences of a product: the one their agency bundle holds (active, unlimited
 * sites) and the key of their own licence of it, which has expired.
 */
export async function customerLicences(request: APIRequestContext, downloadId: number, productName: string) {
  const token = await storeToken(request, 'customer');
  const products = await storeGet<StoreProduct[]>(request, token, '/products');
  const agency = products.find((product) => /Bundle/.test(product.name));
  const expired = products.find((product) => product.name === productName);
  if (!agency || !expired) throw new Error('the seeded bundle and expired licence are missing');
  const history = await storeGet<{ licenses: StoreLicence[] }>(
    request,
    token,
    `/history?payment_id=${agency.payment_id}`,
  );
  const licence = history.licenses.find((entry) => entry.download_id === downloadId);
  if (!licence) throw new Error(`the bundle has no licence of ${downloadId}`);
  return { bundle: { paymentId: agency.payment_id, licence }, expiredKey: expired.license.license_key };
}

/** Opens the store's portal signed in: the token goes into the store origin's localStorage. */
export async function openPortalAs(page: Page, token: string, path: string): Promise<void> {
  await page.addInitScript(
    ([origin, value]) => {
      if (location.origin === origin) localStorage.setItem('access_token', value);
    },
    [storeUrl, token] as const,
  );
  await page.goto(`${storeUrl}${path}`);
}

/**
 * The vendor publishes a version of the example plugin as its CI would: a zip built from the plugin's
 * folder with that version, sent with `npm run release` (on the stable channel unless told) and a vendor
 * API key an administrator made.
 */
export async function publishExamplePlugin(
  request: APIRequestContext,
  product: number,
  version: string,
  channel: 'stable' | 'beta' = 'stable',
) {
  const admin = await storeToken(request, 'admin');
  const created = await request.post(`${storeUrl}/api/v1/vendor-keys`, {
    headers: { 'X-WP-Nonce': admin },
    data: { name: `wordpress e2e ${version}` },
  });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const zip = join(mkdtempSync(join(tmpdir(), 'vendor-release-')), 'example-plugin.zip');
  writeFileSync(zip, pluginZip('example-plugin', version));
  const args = [
    'run',
    'release',
    '--',
    zip,
    '--product',
    String(product),
    '--version',
    version,
    '--channel',
    channel,
  ];
  const { stdout } = await promisify(execFile)(
    'npm',
    [...args, '--changelog', `Example Plugin ${version}.`, '--store', storeUrl],
    { env: { ...process.env, VENDOR_API_KEY: key }, timeout: 60_000 },
  );
  expect(stdout).toContain(`"version":"${version}"`);
}
