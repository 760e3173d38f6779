import { Hono } from 'hono';
import * as v from 'valibot';
import { successMessages } from '../../shared/api/messages';
import {
  CardRequestSchema,
  ConfirmEmailRequestSchema,
  type ProfileUpdated,
  ProfileUpdateTypeSchema,
} from '../../shared/schemas/profile';
import { findUserById } from '../auth/accounts';
import { requireSession, requireUser } from '../auth/middleware';
import { buildProfile } from '../auth/session-user';
import { billNewCardAfterAnswer } from '../billing/run-now';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import type { CardGateways } from '../payments/cards/select';
import { cardGatewaysFromEnv } from '../payments/cards/select';
import { cardResultPath } from '../payments/cards/urls';
import {
  endSetup,
  listCards,
  pendingSetup,
  removeCard,
  setDefaultCard,
  startCardSetup,
} from '../profile/cards';
import { confirmEmailChange, pendingEmail } from '../profile/email-change';
import { updateAddress, updateNames, updatePassword } from '../profile/update';

const CardReturnQuerySchema = v.object({
  setup: v.pipe(v.string(), v.maxLength(64)),
  cancelled: v.optional(v.string()),
});

export interface ProfileRouteOptions {
  /** Where cards are added and changed; default Stripe with `STRIPE_SECRET_KEY`, else the sandbox. */
  cards?: CardGateways;
}

function originOf(publicOrigin: () => string | null): string {
  const origin = publicOrigin();
  if (!origin)
    throw new HttpError(503, 'no_public_origin', 'The server does not know its public address yet.');
  return origin;
}

/**
 * Spec §7 Profile and cards: `GET /profile`, `POST /profile` (types profile, address, password), the
 * e-mail confirmation, and the saved cards through the card gateway. Only ever the caller's own.
 */
export function profileRoutes(options: ProfileRouteOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const gateways = options.cards ?? cardGatewaysFromEnv();

  app.get('/profile', async (c) => {
    const user = requireUser(c);
    return c.json(await buildProfile(c.get('deps').db, user, c.get('session')));
  });

  app.post('/profile', async (c) => {
    const { user, session } = requireSession(c);
    const { db, mailer, publicOrigin, config } = c.get('deps');
    const body = await readJson(c, v.looseObject(ProfileUpdateTypeSchema.entries));
    const ctx = { db, mailer, origin: publicOrigin(), limits: config.signInRateLimit, user, session };
    let requested: string | null = null;
    if (body.type === 'profile') requested = await updateNames(ctx, body);
    else if (body.type === 'address') await updateAddress(db, user, body);
    else await updatePassword(ctx, body);
    const fresh = (await findUserById(db, user.id)) ?? user;
    const answer: ProfileUpdated = {
      success: true,
      message: successMessages.profileUpdated,
      profile: await buildProfile(db, fresh, session),
      pending_email: requested ?? (await pendingEmail(db, user.id)),
    };
    return c.json(answer);
  });

  app.post('/profile/confirm-email', async (c) => {
    const { user, session } = requireSession(c);
    const { db } = c.get('deps');
    const { key } = await readJson(c, ConfirmEmailRequestSchema);
    await confirmEmailChange(db, user, key);
    const fresh = (await findUserById(db, user.id)) ?? user;
    return c.json({
      success: true,
      message: successMessages.profileUpdated,
      profile: await buildProfile(db, fresh, session),
      pending_email: null,
    } satisfies ProfileUpdated);
  });

  app.post('/profile/add-card', async (c) => {
    const user = requireUser(c);
    const { db, publicOrigin } = c.get('deps');
    const url = await startCardSetup(db, gateways.active, user, originOf(publicOrigin));
    return c.json({ url });
  });

  /**
   * The gateway's way back (a browser navigation, so no token): the single-use setup token names the
   * visit, and the gateway, not the query, says whether a card was saved.
   */
  app.get('/profile/cards/return', async (c) => {
    const { db, logger } = c.get('deps');
    const { setup: token, cancelled } = readQuery(c, CardReturnQuerySchema);
    const setup = await pendingSetup(db, token);
    if (!setup) return c.redirect(cardResultPath(true), 303);
    const gateway = gateways.byName.get(setup.gateway);
    let card = null;
    if (!cancelled && gateway && setup.sessionRef) {
      card = await gateway.finishSetup(setup.sessionRef).catch((error: unknown) => {
        logger.warn('card setup not confirmed', { setupId: setup.id, error });
        return null;
      });
    }
    billNewCardAfterAnswer(c, gateways, await endSetup(db, setup, card ? { card } : null));
    return c.redirect(cardResultPath(card === null), 303);
  });

  app.post('/profile/set-card-default', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const { payment_method } = await readJson(c, CardRequestSchema);
    billNewCardAfterAnswer(c, gateways, await setDefaultCard(db, gateways, user.id, payment_method));
    return c.json({ success: true, cards: await listCards(db, user.id) });
  });

  app.post('/profile/remove-card', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const { payment_method } = await readJson(c, CardRequestSchema);
    await removeCard(db, gateways, user.id, payment_method);
    return c.json({ success: true, cards: await listCards(db, user.id) });
  });

  return app;
}
