import type { BillingDeps } from './deps';
import { runBilling } from './run';

/**
 * Runs what is due every `intervalMs` in this server process, as of the wall clock. Every process may
 * run it: claims keep each subscription to one of them. A run still going when the next is due is
 * not doubled. Returns the stop function.
 */
export function startBillingLoop(deps: BillingDeps, intervalMs: number): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runBilling(deps, new Date())
      .then((summary) => {
        if (summary.charged + summary.failed + summary.expired + summary.unanswered > 0) {
          deps.logger.info('billing run', { ...summary });
        }
      })
      .catch((error: unknown) => deps.logger.error('billing run failed', { error }))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
