import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('unknown top-level pages (spec §2)', () => {
  it('send a browser to /auth/sign-in', async () => {
    for (const path of ['/nope', '/nope/deeper', '/index.php']) {
      const response = await testApp.app.request(path, { headers: { Accept: 'text/html,*/*' } });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('Location')).toBe('/auth/sign-in');
    }
  });

  it('keep 404 with the error body for API calls, files and non-HTML clients', async () => {
    for (const [path, accept] of [
      ['/api/v1/nope', 'text/html'],
      ['/widgets/nope.js', 'text/html'],
      ['/nope', 'application/json'],
    ] as const) {
      const response = await testApp.app.request(path, { headers: { Accept: accept } });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
