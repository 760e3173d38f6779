import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { CardGateways } from '../payments/cards/select';
import { runBilling } from './run';

/**
 * A new default card brought the account's failing renewals forward (retryFailingNow): they are charged
 * once the answer is on its way, not at the engine's next round, minutes later. Does nothing when none
 * were brought forward.
 */
export function billNewCardAfterAnswer(
  c: Context<AppEnv>,
  cards: CardGateways,
  broughtForward: number,
): void {
  if (broughtForward === 0) return;
  const deps = c.get('deps');
  const origin = deps.publicOrigin() ?? new URL(c.req.url).origin;
  deps.background.run('billing after a new default card', async () => {
    const { db, mailer, logger, config } = deps;
    await runBilling({ db, mailer, logger, cards, settings: config.billing, origin }, deps.now());
  });
}
