import type { Logger } from '../logger';

/** What a payment gateway needs to know about a subscription to stop or resume its billing. */
export interface GatewaySubscription {
  id: number;
  /** The purchase's gateway: 'stripe', 'paypalexpress', 'manual', 'sandbox', … */
  gateway: string;
  /** The gateway's own reference; null when the gateway never created one (free or manual orders). */
  gatewaySubscriptionId: string | null;
}

/**
 * Tells the payment gateway that a subscription stops renewing or renews again. Called inside the
 * transaction that changes our row: when the gateway refuses (throws), our row is left as it was, so
 * we never show "cancelled" while the gateway still charges. A real gateway (Stripe's
 * `cancel_at_period_end`, PayPal's suspend/activate) implements this and is passed to
 * `subscriptionRoutes`.
 */
export interface SubscriptionGateway {
  cancelAtPeriodEnd(subscription: GatewaySubscription): Promise<void>;
  reactivate(subscription: GatewaySubscription): Promise<void>;
}

/**
 * The default: the built-in sandbox gateway bills nothing by itself, so there is no one to tell; the
 * change is logged so an operator can follow it.
 */
export function loggingSubscriptionGateway(logger: Logger): SubscriptionGateway {
  const tell = (action: string) => async (subscription: GatewaySubscription) => {
    logger.info('subscription gateway', {
      action,
      subscriptionId: subscription.id,
      gateway: subscription.gateway,
      gatewaySubscriptionId: subscription.gatewaySubscriptionId,
    });
  };
  return { cancelAtPeriodEnd: tell('cancel_at_period_end'), reactivate: tell('reactivate') };
}
