import type { BillingDeps } from '../billing/deps';
import { storeInOutbox } from '../mail/outbox';
import { sandboxCardGateway } from '../payments/cards/sandbox';
import { cardGateways } from '../payments/cards/select';
import type { TestApp } from './app';

/**
 * The billing engine's dependencies over a test app: its database, mail into its outbox, the sandbox
 * card gateway, its billing settings (with `settings` over them) and `origin` for the mails' links.
 */
export function billingDeps(
  t: TestApp,
  origin: string,
  settings: Partial<BillingDeps['settings']> = {},
): BillingDeps {
  return {
    db: t.handle.db,
    mailer: { send: (message) => storeInOutbox(t.handle.db, { from: 'test', ...message }) },
    logger: t.logger,
    cards: cardGateways(sandboxCardGateway()),
    settings: { ...t.config.billing, ...settings },
    origin,
  };
}
