import { Hono } from 'hono';
import {
  type Subscription,
  type SubscriptionUpdated,
  SubscriptionUpdateSchema,
} from '../../shared/schemas/subscriptions';
import { requireUser } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson } from '../http/validate';
import { loggingSubscriptionGateway, type SubscriptionGateway } from '../subscriptions/gateway';
import { subscriptionsOf, toSubscription } from '../subscriptions/records';
import { GatewayRefused, updateSubscription } from '../subscriptions/update';

const gatewayRefusedMessage = 'The payment gateway did not accept the change, please try again.';

/**
 * `GET /subscriptions` and `POST /subscriptions {id, type: cancel|reactivate}` (spec §7): the caller's
 * own subscriptions only. `makeGateway` is the payment gateway to tell (a logging one by default).
 */
export function subscriptionRoutes(
  makeGateway: (deps: AppDeps) => SubscriptionGateway = (deps) => loggingSubscriptionGateway(deps.logger),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let gateway: SubscriptionGateway | null = null;

  app.get('/subscriptions', async (c) => {
    const user = requireUser(c);
    const records = await subscriptionsOf(c.get('deps').db, user.id);
    const body: Subscription[] = records.map(toSubscription);
    return c.json(body);
  });

  app.post('/subscriptions', async (c) => {
    const user = requireUser(c);
    const { id, type } = await readJson(c, SubscriptionUpdateSchema);
    const deps = c.get('deps');
    gateway ??= makeGateway(deps);
    let record: Awaited<ReturnType<typeof updateSubscription>>;
    try {
      record = await updateSubscription(deps.db, gateway, user.id, id, type);
    } catch (error) {
      if (!(error instanceof GatewayRefused)) throw error;
      deps.logger.error('subscription gateway failed', { subscriptionId: id, type, error: error.cause });
      throw new HttpError(502, 'gateway_error', gatewayRefusedMessage);
    }
    const body: SubscriptionUpdated = { subscription: toSubscription(record) };
    return c.json(body);
  });

  return app;
}
