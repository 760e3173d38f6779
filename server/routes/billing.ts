import { Hono } from 'hono';
import { BillingRunRequestSchema } from '../../shared/schemas/billing';
import { requireUser } from '../auth/middleware';
import { completeRenewalPayment, completionMessage, renewalPaymentFor } from '../billing/complete';
import { runBilling } from '../billing/run';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound } from '../http/errors';
import { readJson } from '../http/validate';
import { type CardGateways, cardGatewaysFromEnv } from '../payments/cards/select';
import { requireVendorKey } from './releases';

export interface BillingRouteOptions {
  cards?: CardGateways;
}

/**
 * `POST /billing/run {as_of?}` with the operator's vendor key: runs what is due, as the billing command
 * does when the server owns the embedded database. A time in the future (time travel) is refused in
 * production: it would charge renewals before their date.
 */
export function billingRoutes(options: BillingRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const cards = options.cards ?? cardGatewaysFromEnv();

  app.post('/billing/run', async (c) => {
    await requireVendorKey(c);
    const { as_of } = await readJson(c, BillingRunRequestSchema);
    const { db, mailer, logger, config, publicOrigin } = c.get('deps');
    const now = new Date();
    const asOf = as_of ? new Date(as_of) : now;
    if (config.nodeEnv === 'production' && asOf.getTime() > now.getTime()) {
      throw new HttpError(409, 'future_run', 'Billing cannot run as of a future time in production.');
    }
    const origin = publicOrigin() ?? new URL(c.req.url).origin;
    const summary = await runBilling({ db, mailer, logger, cards, settings: config.billing, origin }, asOf);
    return c.json(summary);
  });

  /*
   * The completion page's calls (`/billing/complete/:ref`, routes/renewal-payment-page.ts), with the
   * signed-in customer's token: a renewal charge waiting for them (3-D Secure), and its confirmation.
   * Anyone else's reference is answered as one that does not exist.
   */
  app.get('/renewal-payments/:ref', async (c) => {
    const user = requireUser(c);
    const view = await renewalPaymentFor(c.get('deps'), user.id, c.req.param('ref'));
    if (!view) throw notFound(completionMessage({ kind: 'not_found' }));
    return c.json(view);
  });

  app.post('/renewal-payments/:ref', async (c) => {
    const user = requireUser(c);
    const { db, mailer, logger, config, publicOrigin } = c.get('deps');
    const origin = publicOrigin() ?? new URL(c.req.url).origin;
    const deps = { db, mailer, logger, cards, settings: config.billing, origin };
    const done = await completeRenewalPayment(deps, user.id, c.req.param('ref'), c.get('deps').now());
    const message = completionMessage(done);
    switch (done.kind) {
      case 'paid':
        return c.json({ state: 'paid', message, renewal_date: done.renewalAt.toISOString() });
      case 'redirect':
        return c.json({ state: 'redirect', message, redirect_url: done.url });
      case 'not_found':
        throw notFound(message);
      case 'declined':
        throw new HttpError(402, 'payment_declined', message);
      case 'unanswered':
        throw new HttpError(502, 'gateway_error', message);
      default:
        throw new HttpError(409, done.kind, message);
    }
  });

  return app;
}
