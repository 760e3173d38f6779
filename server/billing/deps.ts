import type { BillingConfig } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { CardGateways } from '../payments/cards/select';

/** What the billing engine works with; the clock is the `asOf` each run is given. */
export interface BillingDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  cards: CardGateways;
  settings: BillingConfig;
  /** The portal's origin, for the links in the mails. */
  origin: string;
}

export const dayMs = 86_400_000;
