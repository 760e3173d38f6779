import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyBundle, downloadIds } from '../shared/catalogue';
import { resolveSigningKey } from './licensing/signing-key';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';

let t: TestApp;
let publicKey: ReturnType<typeof createPublicKey>;
let keyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.request('/api/v1/licenses/public-key');
  const body = (await response.json()) as {
    key_id: string;
    pem: string;
    public_key: string;
    algorithm: string;
  };
  expect(body.algorithm).toBe('Ed25519');
  expect(Buffer.from(body.public_key, 'base64')).toHaveLength(32);
  publicKey = createPublicKey(body.pem);
  keyId = body.key_id;
});
afterAll(() => t.close());

const isSigned = (text: string, signature: string) =>
  verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));

async function call(path: string, body: Record<string, unknown>) {
  const response = await t.app.request(`/api/v1/licenses/${path}`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(response.headers.get('X-Signature-Key-Id')).toBe(keyId);
  expect(isSigned(text, response.headers.get('X-Signature') ?? '')).toBe(true);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('signed licence API', () => {
  it('activates, validates and deactivates with signed answers, the item taken from the key', async () => {
    const licence = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.payment,
      activationLimit: 2,
    });
    const activated = await call('activate', { license: licence.key, url: 'https://signed.shop.com' });
    expect(activated).toMatchObject({
      success: true,
      status: 'valid',
      error: null,
      item_id: downloadIds.payment,
      activation_limit: 2,
      site_count: 1,
      activations_left: 1,
    });
    expect(Date.parse(String(activated.expires_at))).toBeGreaterThan(Date.now());
    expect(await call('validate', { license: licence.key, url: 'https://signed.shop.com' })).toMatchObject({
      success: true,
      status: 'valid',
    });
    expect(await call('deactivate', { license: licence.key, url: 'https://signed.shop.com' })).toMatchObject({
      success: true,
      status: 'deactivated',
      site_count: 0,
    });
    expect(await call('validate', { license: licence.key, url: 'https://signed.shop.com' })).toMatchObject({
      success: false,
      status: 'inactive',
    });
  });

  it('answers an unknown key and a key of another item alike', async () => {
    const other = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.links,
      activationLimit: 2,
    });
    const request = { item_id: downloadIds.payment, url: 'https://x.shop.com' };
    const unknown = await call('validate', { ...request, license: 'f'.repeat(32) });
    const foreign = await call('validate', { ...request, license: other.key });
    expect({ ...foreign, issued_at: null }).toEqual({ ...unknown, issued_at: null });
    expect(unknown).toMatchObject({ success: false, error: 'missing' });
    // Without an item an unknown key is `missing` too.
    expect(await call('activate', { license: 'f'.repeat(32), url: 'https://x.shop.com' })).toMatchObject({
      error: 'missing',
    });
  });

  it('issues a licence file valid 30 days, verifiable offline, for an active site only', async () => {
    const licence = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.scheduling,
      activationLimit: 2,
    });
    const query = (url: string) =>
      `/api/v1/licenses/file?license=${licence.key}&url=${encodeURIComponent(url)}`;
    const refused = await t.app.request(query('https://file.shop.com'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'license_not_valid', data: { license: 'inactive' } });

    await call('activate', { license: licence.key, url: 'https://file.shop.com' });
    const response = await t.app.request(query('https://file.shop.com'));
    expect(response.status).toBe(200);
    const file = (await response.json()) as { payload: string; signature: string; key_id: string };
    expect(file.key_id).toBe(keyId);
    expect(isSigned(file.payload, file.signature)).toBe(true);
    expect(isSigned(file.payload.replace('file.shop.com', 'evil.shop.com'), file.signature)).toBe(false);
    const payload = JSON.parse(file.payload) as Record<string, string | number>;
    expect(payload).toMatchObject({
      type: 'licence-file',
      item_id: downloadIds.scheduling,
      site: 'file.shop.com',
    });
    const days = (Date.parse(String(payload.valid_until)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });
});

describe('the licence file tells nothing about keys', () => {
  it('refuses an unknown key and a real key of another item (on that site or elsewhere) with one answer', async () => {
    const site = 'https://probe-file.shop.com';
    // Real keys of other items: one active on the very site asked about, one elsewhere, and a bundle's
    // key asked for a product outside the bundle.
    const onTheSite = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.links,
      activationLimit: 2,
    });
    await call('activate', { license: onTheSite.key, url: site });
    const elsewhere = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: downloadIds.embed,
      activationLimit: 2,
    });
    await call('activate', { license: elsewhere.key, url: 'https://elsewhere.shop.com' });
    const bundle = await createLicence(t.handle.db, {
      email: 'customer@example.com',
      downloadId: agencyBundle.downloadId,
      activationLimit: 2,
    });

    const file = async (license: string, item: Record<string, string>) => {
      const query = new URLSearchParams({ license, url: site, ...item });
      const response = await t.app.request(`/api/v1/licenses/file?${query.toString()}`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const refusal = {
      status: 403,
      body: {
        status: 'license_not_valid',
        code: 'license_not_valid',
        message: 'This licence is not valid for this site.',
        data: { license: 'invalid', error: 'missing' },
      },
    };
    const items: Record<string, string>[] = [
      { item_id: String(downloadIds.payment) },
      { item_name: 'Payment Plugin' },
    ];
    for (const item of items) {
      expect(await file('f'.repeat(32), item)).toEqual(refusal);
      for (const { key } of [onTheSite, elsewhere, bundle]) {
        expect(await file(key, item)).toEqual(refusal);
      }
    }
    // Naming no item, an unknown key is refused the same way; the key on its own item gets its file.
    expect(await file('f'.repeat(32), {})).toEqual(refusal);
    expect(await file(onTheSite.key, {})).toMatchObject({ status: 200, body: { key_id: keyId } });
  });
});

describe('the signing key', () => {
  it('comes from LICENSING_SIGNING_KEY when set, else from the secrets key, and is stable', () => {
    const seed = 'a'.repeat(64);
    const first = resolveSigningKey({ LICENSING_SIGNING_KEY: seed });
    expect(resolveSigningKey({ LICENSING_SIGNING_KEY: seed }).publicKey).toEqual(first.publicKey);
    expect(first.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(resolveSigningKey({}).publicKey).toEqual(resolveSigningKey({}).publicKey);
    expect(() => resolveSigningKey({ LICENSING_SIGNING_KEY: 'short' })).toThrow(/LICENSING_SIGNING_KEY/);
  });
});
