import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { createAffiliateStore } from './affiliates';
import { createSessionStore } from './session';
import { createMemoryStorage } from './storage';

const affiliate = { id: 7, status: 'active', referral_url: 'https://x.example/?ref=7', referral_var: 'ref' };
const meta = {};

function setup(token: string | null = 'token') {
  const session = createSessionStore(createMemoryStorage());
  if (token) session.setToken(token);
  const get = vi.fn();
  const post = vi.fn();
  const api = { baseURL: '/api/v1', get, post } as unknown as ApiClient;
  const solve = vi.fn().mockResolvedValue({ counter: 3, derivedKey: '00ff' });
  return { session, get, post, store: createAffiliateStore(api, { session, solve }), solve };
}

const valid = {
  affwp_user_name: 'Robin',
  affwp_user_login: 'robin',
  affwp_user_email: 'robin@example.com',
  affwp_payment_email: '',
  affwp_user_url: 'https://robin.example',
  affwp_promotion_method: 'A weekly newsletter with reviews.',
  privacy_policy: true,
};

describe('affiliate store', () => {
  it('loads the account once however often it is asked', async () => {
    const { store, post } = setup();
    post.mockResolvedValue({ data: { affiliate }, meta });
    await Promise.all([store.loadProfile(), store.loadProfile()]);
    await store.loadProfile();
    expect(post).toHaveBeenCalledTimes(1);
    expect(store.$profile.get()).toEqual({ state: 'ready', affiliate, error: null });
  });

  it('shows only the page still wanted when answers arrive out of order', async () => {
    const { store, post, get } = setup();
    post.mockResolvedValue({ data: { affiliate }, meta });
    await store.loadProfile();
    let answerFirst: (value: unknown) => void = () => {};
    get.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)));
    get.mockResolvedValueOnce({ data: { data: [{ id: 2 }], total: 30 }, meta });
    const first = store.loadPage('payouts', 1);
    await store.loadPage('payouts', 2);
    answerFirst({ data: { data: [{ id: 1 }], total: 30 }, meta });
    await first;
    expect(store.$lists.payouts.get()).toMatchObject({ state: 'ready', page: 2, rows: [{ id: 2 }] });
    expect(get.mock.calls.map((call) => call[2].offset)).toEqual([0, 20]);
  });

  it('forgets everything on sign-out', async () => {
    const { store, post, session } = setup();
    post.mockResolvedValue({ data: { affiliate }, meta });
    await store.loadProfile();
    session.signOut();
    expect(store.$profile.get()).toEqual({ state: 'idle', affiliate: null, error: null });
  });

  it('sends nothing for an invalid form and keeps the spec messages', async () => {
    const { store, get, post, solve } = setup(null);
    expect(await store.register({ ...valid, affwp_user_name: ' ', privacy_policy: false })).toBe(false);
    expect(store.$registration.get().errors).toEqual({
      affwp_user_name: 'Please insert your name',
      privacy_policy: 'Please agree to Terms & Conditions and Privacy Policy',
    });
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    expect(solve).not.toHaveBeenCalled();
  });

  it('signed in: leaves out user name and e-mail, sends the token, then reloads the account', async () => {
    const { store, get, post } = setup();
    get.mockResolvedValue({
      data: {
        parameters: {
          algorithm: 'SHA-256',
          nonce: 'aa',
          salt: 'bb',
          cost: 1,
          keyLength: 32,
          keyPrefix: '00',
        },
        signature: 's',
      },
      meta,
    });
    post.mockImplementation(async (path: string) =>
      path === '/affiliate-registration'
        ? { data: { success: true, affiliate: { ...affiliate, status: 'pending' } }, meta }
        : { data: { affiliate: { ...affiliate, status: 'pending' } }, meta },
    );
    expect(await store.register({ ...valid, affwp_user_login: '', affwp_user_email: '' })).toBe(true);
    const body = post.mock.calls.find((call) => call[0] === '/affiliate-registration')?.[2];
    expect(body).not.toHaveProperty('affwp_user_login');
    expect(JSON.parse(atob(body.captcha_token)).solution).toEqual({ counter: 3, derivedKey: '00ff' });
    expect(store.$registration.get()).toEqual({
      step: 'done',
      errors: {},
      message: 'Successfully registered, please check your email.',
    });
    expect(post.mock.calls.filter((call) => call[0] === '/affiliate')).toHaveLength(1);
  });
});
