import type Stripe from 'stripe';
import type { Database } from '../../db';
import type { PurchaseGateway } from './gateway';
import { sandboxGateway } from './sandbox';
import { stripeGateway } from './stripe';

export interface GatewaySetup {
  /** The Stripe client when `STRIPE_SECRET_KEY` is set. */
  stripe: Stripe | null;
  /** The built-in test page may stand in for a gateway that is not configured (never in production). */
  allowSandbox: boolean;
}

/**
 * The gateway for 'stripe' or 'paypalexpress': Stripe itself when configured, else the sandbox; PayPal
 * is always the sandbox here (a live adapter implements PurchaseGateway the same way). Null when
 * nothing may take the payment (production without the gateway's keys).
 */
export function gatewayFor(
  setup: GatewaySetup,
  db: Database,
  origin: string,
  name: PurchaseGateway['name'],
  sandbox?: boolean,
): PurchaseGateway | null {
  const useSandbox = sandbox ?? !(name === 'stripe' && setup.stripe);
  if (!useSandbox && name === 'stripe' && setup.stripe) return stripeGateway(setup.stripe);
  return setup.allowSandbox && useSandbox ? sandboxGateway(db, name, origin) : null;
}
