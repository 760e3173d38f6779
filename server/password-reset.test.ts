import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets, users } from './db/schema';
import { listOutbox } from './mail/outbox';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.test', signInRateLimit: { perIp: 100_000 } });
});
afterAll(() => t.close());

const reset = (body: unknown) =>
  t.app.request('/api/v1/reset-password', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(body),
  });

async function linkFor(email: string): Promise<URL> {
  const [message] = (await listOutbox(t.handle.db)).filter((m) => m.to === email);
  const link = /https:\/\/\S+/.exec(message?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return new URL(link);
}

describe('POST /reset-password', () => {
  it('answers a known and an unknown e-mail identically, and mails only the known one', async () => {
    const before = (await listOutbox(t.handle.db)).length;
    const known = await reset({ user: 'customer@example.com' });
    const unknown = await reset({ user: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ success: true, message: 'Forget password request success' });
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    const outbox = await listOutbox(t.handle.db);
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0]?.to).toBe('customer@example.com');
  });

  it("checks the e-mail with the forgot form's messages", async () => {
    expect(await (await reset({ user: '' })).json()).toMatchObject({
      data: { fields: { user: 'Email is required' } },
    });
    expect(await (await reset({ user: 'nope' })).json()).toMatchObject({
      data: { fields: { user: 'Please insert a valid email' } },
    });
  });

  it('sets a new password once with the mailed key, ends every session, and the old password stops working', async () => {
    const oldToken = await signIn(t.app, 'customer', 'Customer#2026');
    await reset({ user: 'customer@example.com' });
    const link = await linkFor('customer@example.com');
    expect(link.origin).toBe('https://portal.example.test');
    expect(link.pathname).toBe('/auth/reset-password');
    const key = link.searchParams.get('key') ?? '';
    const user = link.searchParams.get('user') ?? '';
    expect(user).toBe('customer');
    const [stored] = await t.handle.db.select().from(passwordResets).orderBy(passwordResets.id).limit(1);
    expect(JSON.stringify(stored)).not.toContain(key);

    const weak = await reset({ key, user, action: 'rp', new_pass: 'weakpass', new_pass_2: 'weakpass' });
    expect(await weak.json()).toMatchObject({
      data: {
        fields: {
          password:
            'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer',
        },
      },
    });
    const mismatch = await reset({
      key,
      user,
      action: 'rp',
      new_pass: 'NewPass#2027',
      new_pass_2: 'NewPass#2028',
    });
    expect(await mismatch.json()).toMatchObject({
      data: { fields: { password_confirmation: 'Confirm password does not match with the password' } },
    });
    const wrongUser = await reset({
      key,
      user: 'admin',
      action: 'rp',
      new_pass: 'NewPass#2027',
      new_pass_2: 'NewPass#2027',
    });
    expect(await wrongUser.json()).toMatchObject({ code: 'invalid_reset_key' });

    const ok = await reset({ key, user, action: 'rp', new_pass: 'NewPass#2027', new_pass_2: 'NewPass#2027' });
    expect(await ok.json()).toEqual({ success: true, message: 'Your password reset successfully' });
    expect((await t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': oldToken } })).status).toBe(
      401,
    );
    await expect(signIn(t.app, 'customer', 'Customer#2026')).rejects.toThrow();
    expect(await signIn(t.app, 'customer', 'NewPass#2027')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await reset({
      key,
      user,
      action: 'rp',
      new_pass: 'Other#20270',
      new_pass_2: 'Other#20270',
    });
    expect(await again.json()).toMatchObject({ code: 'invalid_reset_key' });
  });

  it('refuses a key older than one hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await reset({ user: 'manager@example.com' });
      const link = await linkFor('manager@example.com');
      vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
      const late = await reset({
        key: link.searchParams.get('key'),
        user: link.searchParams.get('user'),
        action: 'rp',
        new_pass: 'NewPass#2027',
        new_pass_2: 'NewPass#2027',
      });
      expect(await late.json()).toMatchObject({ code: 'invalid_reset_key' });
      const [manager] = await t.handle.db.select().from(users).where(eq(users.username, 'manager'));
      expect(manager?.updatedAt.getTime()).toBeLessThan(Date.now() - 60 * 60_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
