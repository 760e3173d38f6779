import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { createTestApp, signIn, type TestApp } from './test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (token: string) => t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': token } });
const setCustomer = (values: Partial<typeof users.$inferInsert>) =>
  t.handle.db.update(users).set(values).where(eq(users.email, 'customer@example.com'));

describe('the 2FA headers of a signed-in answer (spec §2 banner, §7 headers)', () => {
  it('say nothing for an account that owes no 2FA, even one without any method', async () => {
    const token = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    const response = await profile(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-2FA-Setup')).toBeNull();
    expect(response.headers.get('X-2FA-Required')).toBeNull();
  });

  it('ask for the setup while the policy requires 2FA and no method is on, and stop once one is', async () => {
    const token = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    await setCustomer({ twoFactorRequired: true });
    const owed = await profile(token);
    expect(owed.headers.get('X-2FA-Setup')).toBe('1');
    expect(owed.headers.get('X-2FA-Required')).toBe('false');
    await setCustomer({ emailTwoFactor: true });
    expect((await profile(token)).headers.get('X-2FA-Setup')).toBeNull();
    await setCustomer({ twoFactorRequired: false, emailTwoFactor: false });
  });
});
