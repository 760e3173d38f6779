import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { billNewCardAfterAnswer } from '../billing/run-now';
import type { AppEnv } from '../http/app-env';
import { payloadTooLarge, sendError } from '../http/errors';
import { readSandboxCard } from '../payments/cards/sandbox-form';
import { sandboxCardPage } from '../payments/cards/sandbox-page';
import { type CardGateways, cardGatewaysFromEnv } from '../payments/cards/select';
import { cardResultPath } from '../payments/cards/urls';
import { endSetup, pendingSetup } from '../profile/cards';

const field = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 64) : '');

/**
 * The sandbox gateway's card page (`POST /profile/add-card` sends the browser here when Stripe is not
 * configured). The path's single-use setup token is the only credential: the browser arrives by a
 * plain navigation, without the API token. Saved or not, it goes back to the profile (spec §4 Cards).
 */
export function cardSandboxRoutes(cards: CardGateways = cardGatewaysFromEnv()): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/sandbox/cards/:token', async (c) => {
    const setup = await pendingSetup(c.get('deps').db, c.req.param('token'));
    if (setup?.gateway !== 'sandbox') return c.redirect(cardResultPath(true), 303);
    c.header('Cache-Control', 'no-store');
    return c.html(sandboxCardPage(c.req.path, null));
  });

  app.post(
    '/sandbox/cards/:token',
    bodyLimit({ maxSize: 4096, onError: (c) => sendError(c, payloadTooLarge()) }),
    async (c) => {
      const { db } = c.get('deps');
      const setup = await pendingSetup(db, c.req.param('token'));
      if (setup?.gateway !== 'sandbox') return c.redirect(cardResultPath(true), 303);
      const form = await c.req.parseBody();
      if (form.action !== 'save') {
        await endSetup(db, setup, null);
        return c.redirect(cardResultPath(true), 303);
      }
      const result = readSandboxCard({
        number: field(form.number),
        expiry: field(form.expiry),
        cvc: field(form.cvc),
      });
      if (result.kind === 'invalid') {
        c.header('Cache-Control', 'no-store');
        return c.html(sandboxCardPage(c.req.path, result.message), 400);
      }
      const broughtForward = await endSetup(
        db,
        setup,
        result.kind === 'saved' ? { card: result.card } : null,
      );
      billNewCardAfterAnswer(c, cards, broughtForward);
      return c.redirect(cardResultPath(result.kind !== 'saved'), 303);
    },
  );

  return app;
}
