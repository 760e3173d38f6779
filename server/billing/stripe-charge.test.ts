import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeCardGateway } from '../payments/cards/stripe';
import {
  type StripeStandIn,
  standInDeclining,
  standInNeedsAuthentication,
  startStripeStandIn,
} from '../payments/cards/stripe-stand-in';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());

const gateway = () => stripeCardGateway({ secretKey: 'sk_test_standin', apiBase: stripe.url });
const charge = (cardRef: string, idempotencyKey: string) => ({
  customerRef: 'cus_test_1',
  cardRef,
  amountCents: 39900,
  currency: 'USD',
  idempotencyKey,
  description: 'Renewal 2 of order 10001',
  metadata: { attempt_key: idempotencyKey, subscription_id: '7' },
});

describe('the Stripe card gateway charging a saved card off-session', () => {
  it('confirms a PaymentIntent off-session at once, with the idempotency key: sent twice, one intent', async () => {
    const first = await gateway().chargeOffSession(charge('pm_card_visa', 'renewal-7-2-1'));
    const again = await gateway().chargeOffSession(charge('pm_card_visa', 'renewal-7-2-1'));
    expect(first).toEqual({ outcome: 'succeeded', ref: expect.stringMatching(/^pi_/) });
    expect(again).toEqual(first);
    const sent = stripe.calls.filter((c) => c.path === '/v1/payment_intents');
    expect(sent).toHaveLength(2);
    expect(sent.map((c) => c.idempotencyKey)).toEqual(['renewal-7-2-1', 'renewal-7-2-1']);
    expect(Object.fromEntries(sent[0]?.body ?? [])).toMatchObject({
      amount: '39900',
      currency: 'usd',
      customer: 'cus_test_1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[attempt_key]': 'renewal-7-2-1',
    });
    expect([...stripe.intents.keys()].filter((k) => k === 'renewal-7-2-1')).toHaveLength(1);
  });

  it('reads a decline and a card that needs the customer from Stripe’s card errors', async () => {
    expect(await gateway().chargeOffSession(charge(standInDeclining, 'renewal-8-2-1'))).toEqual({
      outcome: 'declined',
      ref: expect.stringMatching(/^pi_/),
      reason: 'generic_decline',
    });
    expect(await gateway().chargeOffSession(charge(standInNeedsAuthentication, 'renewal-9-2-1'))).toEqual({
      outcome: 'requires_action',
      ref: expect.stringMatching(/^pi_/),
      reason: 'authentication_required',
    });
  });
});
