import { Hono } from 'hono';
import { BillingRunRequestSchema } from '../../shared/schemas/billing';
import { runBilling } from '../billing/run';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
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

  return app;
}
