import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds, freeDownloads } from '../shared/catalogue';
import { type DownloadItem, DownloadListSchema } from '../shared/schemas/downloads';
import { downloadSecret } from './downloads/secret';
import { signDownload, verifyDownload } from './downloads/signing';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let dataDir: string;
let customer: string;
let other: string;
let downloads: DownloadItem[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vendor-downloads-test-'));
  t = await createTestApp({ publicUrl: 'https://portal.example.com', dataDir });
  customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
  other = await signIn(t.app, 'affiliate@example.com', 'Affiliate#2026');
  const response = await t.app.request('/api/v1/downloads', { headers: { 'X-WP-Nonce': customer } });
  downloads = v.parse(DownloadListSchema, await response.json());
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function post(path: string, body: unknown, token?: string) {
  return t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: token ? { ...jsonHeaders, 'X-WP-Nonce': token } : jsonHeaders,
    body: JSON.stringify(body),
  });
}

function proRequest(item: DownloadItem) {
  const { download_name, download_id, price_id, payment_id, download_key, token } = item;
  return { download_name, download_id, price_id, payment_id, download_key, token };
}

function item(downloadId: number): DownloadItem {
  const found = downloads.find((d) => d.download_id === downloadId);
  if (!found) throw new Error(`no download ${downloadId}`);
  return found;
}

/** The names inside a zip, read by the system's unzip: proof the archive is real. */
async function zipEntries(response: Response): Promise<string[]> {
  const file = join(dataDir, `check-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
}

describe('GET /downloads', () => {
  it('lists the PRO downloads of the complete purchases, the bundle with its products nested', () => {
    expect(downloads.map((d) => d.download_name)).toEqual([
      'Agency Bundle',
      'Documentation Plugin',
      'Addons Plugin',
      'Blocks Plugin',
    ]);
    expect(item(downloadIds.agencyBundle).downloads).toHaveLength(8);
    expect(item(downloadIds.addons).file_name).toBe('addons-plugin.zip');
  });

  it('is for signed-in users only, and another customer sees only their own (none)', async () => {
    expect((await t.app.request('/api/v1/downloads')).status).toBe(401);
    const response = await t.app.request('/api/v1/downloads', { headers: { 'X-WP-Nonce': other } });
    expect(await response.json()).toEqual([]);
  });
});

describe('POST /downloads (PRO)', () => {
  it('sends the owner a real zip named after the product', async () => {
    const response = await post('/downloads', proRequest(item(downloadIds.addons)), customer);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="addons-plugin.zip"');
    expect(await zipEntries(response)).toEqual([
      'addons-plugin/addons-plugin.php',
      'addons-plugin/readme.txt',
    ]);
    // Issue 28: a product's file is its latest stable release, kept in the database (seeded for the
    // catalogue), so no product archive is generated on disk any more.
    await expect(readdir(join(dataDir, 'downloads', 'products'))).rejects.toThrow();
  });

  it('sends a bundled product under its child licence', async () => {
    const nested = item(downloadIds.agencyBundle).downloads?.find((d) => d.download_name === 'Blocks Plugin');
    if (!nested) throw new Error('no nested Blocks Plugin');
    const response = await post('/downloads', proRequest(nested), customer);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toContain('blocks-plugin.zip');
  });

  it('answers another customer, or a visitor, 404 or 401 and never the file', async () => {
    const request = proRequest(item(downloadIds.addons));
    const foreign = await post('/downloads', request, other);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('Content-Type')).toContain('application/json');
    expect((await post('/downloads', request)).status).toBe(401);
  });

  it('refuses a token for another file, a tampered one, and a product the licence is not for', async () => {
    const addons = proRequest(item(downloadIds.addons));
    const blocksToken = item(downloadIds.blocks).token;
    expect((await post('/downloads', { ...addons, token: blocksToken }, customer)).status).toBe(403);
    expect((await post('/downloads', { ...addons, token: `${addons.token}x` }, customer)).status).toBe(403);
    const wrongProduct = { ...addons, download_id: downloadIds.blocks };
    expect((await post('/downloads', wrongProduct, customer)).status).toBe(404);
  });
});

describe('free downloads', () => {
  it('gives anyone each of the 12 free items by slug, as a real archive', async () => {
    expect(freeDownloads).toHaveLength(12);
    for (const free of freeDownloads) {
      const response = await post('/downloads', {
        download_name: free.slug,
        purchase_key: '',
        email: '',
        purchase_id: '',
      });
      expect(response.status, free.slug).toBe(200);
      expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="${free.slug}.zip"`);
    }
    const theme = await t.app.request('/api/v1/downloads/free/starter-theme.zip');
    expect(theme.status).toBe(200);
    expect(await zipEntries(theme)).toContain('starter-theme/style.css');
  });

  it('knows no other name and no path tricks', async () => {
    expect((await post('/downloads', { download_name: 'addons-plugin' })).status).toBe(404);
    expect((await t.app.request('/api/v1/downloads/free/..%2F..%2Fetc.zip')).status).toBe(404);
    expect((await t.app.request('/api/v1/downloads/free/nope.zip')).status).toBe(404);
  });
});

describe('the download landing', () => {
  it('trades a valid signature and name for the file, without signing in', async () => {
    const landing = new URL(item(downloadIds.blocks).landing_url);
    expect(landing.origin + landing.pathname).toBe('https://portal.example.com/download');
    const signature = landing.searchParams.get('signature');
    const name = landing.searchParams.get('name');
    expect(name).toBe('Blocks Plugin');
    const response = await post('/downloads/landing', { signature, download_name: name });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toContain('blocks-plugin.zip');
  });

  it('refuses a tampered signature, another name and an expired link', async () => {
    const { token, download_name } = item(downloadIds.blocks);
    const [payload = '', mac = ''] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), f: 'product:474227' }),
    ).toString('base64url');
    for (const signature of [`${forged}.${mac}`, `${payload}.${mac.slice(0, -2)}AA`, 'garbage', '']) {
      const response = await post('/downloads/landing', { signature, download_name });
      expect([400, 403]).toContain(response.status);
    }
    const tampered = await post('/downloads/landing', { signature: `${forged}.${mac}`, download_name });
    expect(await tampered.json()).toMatchObject({ code: 'invalid_signature' });
    expect(
      (await post('/downloads/landing', { signature: token, download_name: 'Addons Plugin' })).status,
    ).toBe(403);

    const secret = await downloadSecret(t.handle.db);
    const old = signDownload(
      secret,
      { file: 'product:1677666', name: 'Blocks Plugin', licenceId: 1 },
      new Date(Date.now() - 25 * 3600_000),
    );
    expect(
      (await post('/downloads/landing', { signature: old, download_name: 'Blocks Plugin' })).status,
    ).toBe(403);
  });
});

describe('signatures', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('last 24 hours and name one file', () => {
    const signature = signDownload(
      's'.repeat(32),
      { file: 'free:starter-theme', name: 'Starter Theme', licenceId: 1 },
      now,
    );
    const grant = verifyDownload(
      's'.repeat(32),
      signature,
      'Starter Theme',
      new Date(now.getTime() + 23 * 3600_000),
    );
    expect(grant).toMatchObject({ file: 'free:starter-theme' });
    expect(
      verifyDownload('s'.repeat(32), signature, 'Starter Theme', new Date(now.getTime() + 24 * 3600_000)),
    ).toBeNull();
    expect(verifyDownload('t'.repeat(32), signature, 'Starter Theme', now)).toBeNull();
  });

  it('use DOWNLOAD_SIGNING_SECRET when set, and refuse a short one', async () => {
    const long = 'k'.repeat(40);
    expect(await downloadSecret(t.handle.db, { DOWNLOAD_SIGNING_SECRET: long })).toBe(long);
    await expect(downloadSecret(t.handle.db, { DOWNLOAD_SIGNING_SECRET: 'short' })).rejects.toThrow(/32/);
    const stored = await downloadSecret(t.handle.db, {});
    expect(stored.length).toBeGreaterThanOrEqual(32);
    expect(await downloadSecret(t.handle.db, {})).toBe(stored);
  });
});
