import { describe, expect, it } from 'vitest';
import {
  licenceBadge,
  payoutBadge,
  purchaseBadge,
  referralBadge,
  subscriptionBadge,
  ticketBadge,
} from './badges';

describe('licenceBadge', () => {
  it('is green for active, complete and publish', () => {
    expect(licenceBadge('active')).toBe('success');
    expect(licenceBadge('complete')).toBe('success');
    expect(licenceBadge('Publish')).toBe('success');
  });
  it('is amber for pending and inactive', () => {
    expect(licenceBadge('pending')).toBe('warning');
    expect(licenceBadge('inactive')).toBe('warning');
  });
  it('is red for anything else', () => {
    expect(licenceBadge('expired')).toBe('danger');
    expect(licenceBadge('disabled')).toBe('danger');
    expect(licenceBadge(undefined)).toBe('danger');
  });
});

describe('subscriptionBadge', () => {
  it('is green for active and danger otherwise', () => {
    expect(subscriptionBadge('active')).toBe('success');
    expect(subscriptionBadge('cancelled')).toBe('danger');
    expect(subscriptionBadge('expired')).toBe('danger');
    expect(subscriptionBadge('pending')).toBe('danger');
  });
});

describe('payoutBadge and referralBadge', () => {
  it("payout 'paid' is green, otherwise amber", () => {
    expect(payoutBadge('paid')).toBe('success');
    expect(payoutBadge('unpaid')).toBe('warning');
  });
  it("referral 'paid' is green, otherwise red", () => {
    expect(referralBadge('paid')).toBe('success');
    expect(referralBadge('unpaid')).toBe('danger');
    expect(referralBadge('rejected')).toBe('danger');
  });
});

describe('ticketBadge and purchaseBadge', () => {
  it('maps ticket statuses', () => {
    expect(ticketBadge('active')).toBe('success');
    expect(ticketBadge('pending')).toBe('warning');
    expect(ticketBadge('closed')).toBe('neutral');
  });
  it('maps purchase statuses', () => {
    expect(purchaseBadge('complete')).toBe('success');
    expect(purchaseBadge('pending')).toBe('warning');
    expect(purchaseBadge('refunded')).toBe('danger');
    expect(purchaseBadge('unknown')).toBe('neutral');
  });
});
