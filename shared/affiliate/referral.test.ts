import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import {
  affiliateInfoPayload,
  parseCookies,
  proofFields,
  referralCookieLines,
  sendAffiliateInfo,
} from './referral';

describe('parseCookies', () => {
  it('reads names and decoded values, keeps the first of a repeated name', () => {
    expect(parseCookies('a=1; affwp_campaign=spring%20sale; a=2; broken; b=%E0%A4%A')).toEqual({
      a: '1',
      affwp_campaign: 'spring sale',
      b: '%E0%A4%A',
    });
  });
});

describe('affiliateInfoPayload', () => {
  it('sends payment_id plus every affwp_* cookie of spec §7', () => {
    const cookies =
      'other=x; affwp_ref=7; affwp_ref_visit_id=31; affwp_campaign=spring; affwp_visit_id=31; affwp_affiliate_id=7';
    expect(affiliateInfoPayload(1234, cookies)).toEqual({
      payment_id: 1234,
      affwp_ref_visit_id: '31',
      affwp_campaign: 'spring',
      affwp_ref: '7',
      affwp_visit_id: '31',
      affwp_affiliate_id: '7',
    });
  });

  it('fills missing cookies with empty strings and needs a recorded visit, not a bare affiliate id', () => {
    expect(affiliateInfoPayload(5, 'affwp_campaign=spring; affwp_visit_id=3')).toMatchObject({
      affwp_ref: '',
      affwp_visit_id: '3',
    });
    expect(affiliateInfoPayload(5, 'affwp_affiliate_id=9; affwp_ref=9')).toBeNull();
    expect(affiliateInfoPayload(5, '')).toBeNull();
  });
});

describe('sendAffiliateInfo', () => {
  const noProof = { request: null, cartToken: null };

  it('posts the payload once and never throws', async () => {
    const request = vi.fn().mockResolvedValue({ data: { recorded: true }, meta: {} });
    const api = { request } as unknown as ApiClient;
    expect(await sendAffiliateInfo(api, 77, noProof, 'affwp_ref=7; affwp_ref_visit_id=31')).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.slice(0, 2)).toEqual(['POST', '/affiliate-info']);
    expect(request.mock.calls[0]?.[3]).toMatchObject({
      body: { payment_id: 77, affwp_ref: '7' },
      headers: {},
    });
    request.mockRejectedValueOnce(new Error('offline'));
    expect(await sendAffiliateInfo(api, 77, noProof, 'affwp_ref=7; affwp_ref_visit_id=31')).toBe(false);
    expect(await sendAffiliateInfo(api, 77, noProof, 'affwp_ref=7')).toBe(false);
    expect(await sendAffiliateInfo(api, 77, noProof, '')).toBe(false);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("sends a guest's proof of the payment: the confirmation's references and the buying cart", async () => {
    const request = vi.fn().mockResolvedValue({ data: { recorded: true }, meta: {} });
    const api = { request } as unknown as ApiClient;
    await sendAffiliateInfo(
      api,
      77,
      { request: { session_id: 'cs_1' }, cartToken: 'cart-1' },
      'affwp_ref=7; affwp_ref_visit_id=31',
    );
    expect(request.mock.calls[0]?.[3]).toMatchObject({
      body: { payment_id: 77, session_id: 'cs_1' },
      headers: { 'X-Cart-Token': 'cart-1' },
    });
  });
});

describe('proofFields', () => {
  it('carries what /confirmation takes, never a bare payment id', () => {
    expect(proofFields({ session_id: 'cs_1' })).toEqual({ session_id: 'cs_1' });
    expect(proofFields({ token: 'EC-1', payerId: 'P1', paymentId: '7' })).toEqual({
      token: 'EC-1',
      payerId: 'P1',
    });
    expect(proofFields({ paymentId: '9', payment_key: 'abc' })).toEqual({ payment_key: 'abc' });
    expect(proofFields({ paymentId: '9' })).toEqual({});
    expect(proofFields(null)).toEqual({});
  });
});

describe('referralCookieLines', () => {
  it('builds the affwp_* cookies from a recorded visit, secure on https', () => {
    const lines = referralCookieLines(
      { recorded: true, affiliate_id: 7, visit_id: 31, campaign: 'a b' },
      true,
      60,
    );
    expect(lines).toEqual([
      'affwp_ref=7; path=/; max-age=60; samesite=lax; secure',
      'affwp_affiliate_id=7; path=/; max-age=60; samesite=lax; secure',
      'affwp_ref_visit_id=31; path=/; max-age=60; samesite=lax; secure',
      'affwp_visit_id=31; path=/; max-age=60; samesite=lax; secure',
      'affwp_campaign=a%20b; path=/; max-age=60; samesite=lax; secure',
    ]);
    expect(
      referralCookieLines({ recorded: false, affiliate_id: null, visit_id: null, campaign: '' }, false),
    ).toEqual([]);
  });
});
