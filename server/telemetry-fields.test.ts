import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds } from '../shared/catalogue';
import {
  localeField,
  reasonField,
  telemetryMessages,
  versionField,
} from '../shared/schemas/telemetry-fields';
import { sites } from './db/schema';
import { createTestApp, jsonHeaders, type TestApp } from './test-support/app';
import { createLicence } from './test-support/licences';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const accepts = (schema: v.GenericSchema, value: string) => v.safeParse(schema, value).success;

describe('the telemetry field rules', () => {
  it.each(['6.5', '8.2.12', '2.1.0-beta.1', '6.6-alpha-58123', '8.1.2-1ubuntu2.14', '10'])(
    'take the version %s',
    (value) => expect(accepts(versionField, value)).toBe(true),
  );
  it.each(['<script>', '6.5; DROP TABLE sites', 'latest', '1.2.3.4.5', 'v6.5', '', `1.${'0'.repeat(60)}`])(
    'refuse the version %s',
    (value) => expect(accepts(versionField, value)).toBe(false),
  );
  it.each(['en_US', 'pt-BR', 'ja', 'de_DE_formal', 'pt_PT_ao90', 'zh-Hant-TW'])(
    'take the locale %s',
    (value) => expect(accepts(localeField, value)).toBe(true),
  );
  it.each(['english', 'en US', '<b>en</b>', 'en_US;', '', 'EN_us_x_y'])('refuse the locale %s', (value) =>
    expect(accepts(localeField, value)).toBe(false),
  );
  it('take a listed reason or free text of at most 200 characters, nothing longer or with control characters', () => {
    expect(accepts(reasonField, 'The plugin broke my site')).toBe(true);
    expect(accepts(reasonField, 'r'.repeat(200))).toBe(true);
    expect(accepts(reasonField, 'Too slow,\nand ugly')).toBe(true);
    expect(accepts(reasonField, 'r'.repeat(201))).toBe(false);
    expect(accepts(reasonField, 'bell\u0007')).toBe(false);
  });
});

/** A licence active on `url`, with the versions that site last reported. */
async function licenceOnSite(url: string) {
  const licence = await createLicence(t.handle.db, {
    email: 'customer@example.com',
    downloadId: downloadIds.blocks,
    activationLimit: 5,
    status: 'active',
  });
  await t.handle.db.insert(sites).values({
    licenceId: licence.id,
    url,
    platformVersion: '6.4',
    language: 'en_US',
    pluginVersion: '1.0.0',
  });
  return licence;
}

async function storedSite(url: string) {
  const [site] = await t.handle.db.select().from(sites).where(eq(sites.url, url));
  return site;
}

function edd(fields: Record<string, string>) {
  return t.app.request('/edd-sl-api', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('the EDD-compatible API', () => {
  const bad = {
    version: ['1.0<script>', telemetryMessages.version],
    wp_version: ['latest', telemetryMessages.version],
    php_version: ['8.2; rm -rf', telemetryMessages.version],
    locale: ['english', telemetryMessages.locale],
  } as const;

  it.each(Object.entries(bad))(
    'refuses a malformed %s with 400 in the shape EDD clients read, storing nothing',
    async (field, [value, message]) => {
      const url = `https://edd-${field}.shop.com`;
      const licence = await licenceOnSite(url);
      const common = { license: licence.key, item_id: String(downloadIds.blocks), url };
      for (const action of ['check_license', 'activate_license']) {
        const answer = await edd({ edd_action: action, ...common, [field]: value });
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({
          success: false,
          license: 'invalid',
          item_id: false,
          item_name: '',
          error: 'invalid_telemetry',
          message,
          fields: { [field]: message },
        });
      }
      expect(await storedSite(url)).toMatchObject({
        platformVersion: '6.4',
        language: 'en_US',
        pluginVersion: '1.0.0',
      });
      // The same call with a well-formed value is answered and stored.
      const good =
        { version: '1.2.0', wp_version: '6.5', php_version: '8.2.12', locale: 'pt-BR' }[field] ?? '';
      const fine = await edd({ edd_action: 'check_license', ...common, [field]: good });
      expect(fine.status).toBe(200);
      expect(await fine.json()).toMatchObject({ success: true, license: 'valid' });
    },
  );

  it('refuses a deactivation reason over 200 characters with license: failed, and keeps the site active', async () => {
    const url = 'https://edd-reason.shop.com';
    const licence = await licenceOnSite(url);
    const common = {
      edd_action: 'deactivate_license',
      license: licence.key,
      item_id: String(downloadIds.blocks),
      url,
    };
    const refused = await edd({ ...common, reason: 'r'.repeat(201) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      success: false,
      license: 'failed',
      error: 'invalid_telemetry',
      fields: { reason: telemetryMessages.reason },
    });
    expect((await storedSite(url))?.deactivatedAt).toBeNull();
    const done = await edd({ ...common, reason: 'I no longer need the plugin' });
    expect(await done.json()).toMatchObject({ success: true, license: 'deactivated' });
    expect(await storedSite(url)).toMatchObject({ deactivationReason: 'I no longer need the plugin' });
  });

  it('still answers get_version for a plugin with an odd version header (it stores nothing)', async () => {
    const url = 'https://edd-update.shop.com';
    const licence = await licenceOnSite(url);
    const answer = await edd({
      edd_action: 'get_version',
      license: licence.key,
      item_id: String(downloadIds.blocks),
      url,
      version: 'dev-main',
    });
    expect(answer.status).toBe(200);
  });
});

describe('the JSON licence API', () => {
  it.each([
    ['version', '1.0<script>', telemetryMessages.version],
    ['wp_version', 'latest', telemetryMessages.version],
    ['php_version', '8.2; rm -rf', telemetryMessages.version],
    ['locale', 'english', telemetryMessages.locale],
    ['reason', 'r'.repeat(201), telemetryMessages.reason],
  ])('refuses a malformed %s with 400 validation_error', async (field, value, message) => {
    const url = `https://json-${field}.shop.com`;
    const licence = await licenceOnSite(url);
    const call = field === 'reason' ? 'deactivate' : 'validate';
    const body = { license: licence.key, item_id: downloadIds.blocks, url };
    const refused = await t.app.request(`/api/v1/licenses/${call}`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ ...body, [field]: value }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'validation_error',
      data: { fields: { [field]: message } },
    });
    expect(await storedSite(url)).toMatchObject({ platformVersion: '6.4', deactivatedAt: null });
  });
});

describe('POST /telemetry', () => {
  it.each([
    ['wp_version', '6.5<img>', telemetryMessages.version],
    ['php_version', 'eight', telemetryMessages.version],
    ['plugin_version', '1.0; DROP', telemetryMessages.version],
    ['language', 'english', telemetryMessages.locale],
    ['deactivation_reason', 'Too slow\u0007', telemetryMessages.reason],
  ])('refuses a malformed %s with 400 and stores nothing', async (field, value, message) => {
    const url = `https://telemetry-${field}.shop.com`;
    const licence = await licenceOnSite(url);
    const send = (extra: Record<string, string>) =>
      t.app.request('/api/v1/telemetry', {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ license_key: licence.key, url, event: 'deactivated', ...extra }),
      });
    const refused = await send({ [field]: value });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'validation_error',
      data: { fields: { [field]: message } },
    });
    expect(await storedSite(url)).toMatchObject({
      platformVersion: '6.4',
      language: 'en_US',
      deactivatedAt: null,
    });
    // WordPress's own locale names are taken, variants included.
    expect((await send({ wp_version: '6.5', language: 'de_DE_formal' })).status).toBe(200);
    expect(await storedSite(url)).toMatchObject({ platformVersion: '6.5', language: 'de_DE_formal' });
  });
});
