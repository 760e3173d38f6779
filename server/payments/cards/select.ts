import type { CardGateway } from './gateway';
import { sandboxCardGateway } from './sandbox';
import { stripeCardGateway } from './stripe';

export interface CardGateways {
  /** The gateway new cards are added through. */
  active: CardGateway;
  /** Every gateway by name: a card's later changes go to the one that holds it. */
  byName: ReadonlyMap<string, CardGateway>;
}

export function cardGateways(active: CardGateway): CardGateways {
  const sandbox = sandboxCardGateway();
  return {
    active,
    byName: new Map([
      [sandbox.name, sandbox],
      [active.name, active],
    ]),
  };
}

/**
 * Stripe when `STRIPE_SECRET_KEY` is set (`STRIPE_API_BASE` points it at stripe-mock or another
 * stand-in), the built-in sandbox otherwise.
 */
export function cardGatewaysFromEnv(env: Record<string, string | undefined> = process.env): CardGateways {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return cardGateways(sandboxCardGateway());
  return cardGateways(stripeCardGateway({ secretKey, apiBase: env.STRIPE_API_BASE?.trim() || null }));
}
