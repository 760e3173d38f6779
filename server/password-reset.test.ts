import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets, users } from './db/schema';
import { listOutbox } from './mail/outbox';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';
import { injectFault } from './test-support/faults';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://portal.example.test',
    signInRateLimit: { perIp: 100_000, perAccount: 1000 },
  });
});
afterAll(() => t.close());

const reset = (body: unknown) =>
  t.app.request('/api/v1/reset-password', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(body),
  });

async function linkFor(email: string): Promise<URL> {
  await t.background.idle();
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
    await t.background.idle();
    const outbox = await listOutbox(t.handle.db);
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0]?.to).toBe('customer@example.com');
  });

  it('takes the same time for a known and an unknown address (median of 20 pairs within 2 ms)', async () => {
    const timed = async (user: string) => {
      const started = performance.now();
      const response = await reset({ user });
      const ms = performance.now() - started;
      expect(response.status).toBe(200);
      // The mail is sent after the answer: let it finish so it does not slow the next request.
      await t.background.idle();
      return ms;
    };
    // Warm-up: the first calls pay for query planning.
    await timed('admin@example.com');
    await timed('nobody-warm@example.com');
    // Each side of a pair is the quickest of three interleaved tries: the machine's other load only
    // ever adds time, so the minimum is the request's own cost.
    const differences: number[] = [];
    for (let pair = 0; pair < 20; pair++) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 3; round++) {
        // Alternate which goes first, so neither side always runs on a warmer database. One unknown
        // address throughout, like the known one: both update their rate-limit counter.
        if ((pair + round) % 2 === 0) known.push(await timed('admin@example.com'));
        unknown.push(await timed('nobody-timed@example.com'));
        if ((pair + round) % 2 === 1) known.push(await timed('admin@example.com'));
      }
      differences.push(Math.min(...known) - Math.min(...unknown));
    }
    differences.sort((a, b) => a - b);
    const median = ((differences[9] ?? 0) + (differences[10] ?? 0)) / 2;
    expect(Math.abs(median)).toBeLessThan(2);
  });

  it('counts requests per address, known or not, and per client address', async () => {
    const limited = await createTestApp({
      publicUrl: 'https://portal.example.test',
      trustProxy: true,
      signInRateLimit: { perIp: 5, perAccount: 2 },
    });
    try {
      const send = (user: string, ip: string) =>
        limited.app.request('/api/v1/reset-password', {
          method: 'POST',
          headers: { ...jsonHeaders, 'X-Forwarded-For': ip },
          body: JSON.stringify({ user }),
        });
      // Per address, from any client address: the same for an account and for no account.
      for (const [user, ips] of [
        ['customer@example.com', ['198.51.100.1', '198.51.100.2', '198.51.100.3']],
        ['nobody@example.com', ['198.51.100.4', '198.51.100.5', '198.51.100.6']],
      ] as const) {
        expect((await send(user, ips[0])).status).toBe(200);
        expect((await send(user.toUpperCase(), ips[1])).status).toBe(200);
        const third = await send(user, ips[2]);
        expect(third.status).toBe(429);
        expect(await third.json()).toMatchObject({ code: 'rate_limited' });
      }
      // Per client address, whatever the address asked for.
      for (let n = 1; n <= 5; n++)
        expect((await send(`fresh-${n}@example.com`, '203.0.113.7')).status).toBe(200);
      expect((await send('fresh-6@example.com', '203.0.113.7')).status).toBe(429);
      await limited.background.idle();
      const mailed = (await listOutbox(limited.handle.db)).filter((m) => m.to === 'customer@example.com');
      expect(mailed).toHaveLength(2);
    } finally {
      await limited.close();
    }
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

  it('uses the key, sets the password and ends the sessions whole or not at all', async () => {
    const session = await signIn(t.app, 'manager', 'Manager#2026');
    await reset({ user: 'manager@example.com' });
    const link = await linkFor('manager@example.com');
    const request = {
      key: link.searchParams.get('key') ?? '',
      user: link.searchParams.get('user') ?? '',
      action: 'rp',
      new_pass: 'Lantern#2027',
      new_pass_2: 'Lantern#2027',
    };
    const [before] = await t.handle.db.select().from(users).where(eq(users.email, 'manager@example.com'));

    // The sessions end after the key and the password were written: their failure takes both back.
    const removeFault = await injectFault(t.handle.db, {
      table: 'sessions',
      operation: 'UPDATE',
      when: 'OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL',
    });
    try {
      expect((await reset(request)).status).toBe(500);
    } finally {
      await removeFault();
    }
    const [after] = await t.handle.db.select().from(users).where(eq(users.email, 'manager@example.com'));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const profile = () => t.app.request('/api/v1/profile', { headers: { 'X-WP-Nonce': session } });
    expect((await profile()).status).toBe(200);

    expect(await (await reset(request)).json()).toEqual({
      success: true,
      message: 'Your password reset successfully',
    });
    expect((await profile()).status).toBe(401);
    expect(await signIn(t.app, 'manager', 'Lantern#2027')).toMatch(/^[A-Za-z0-9_-]{43}$/);
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
