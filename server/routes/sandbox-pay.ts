import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { answerSandboxPayment, type SandboxAnswer } from '../checkout/sandbox-answer';
import { checkouts, payments } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { escapeHtml } from '../http/html';
import { parseWith } from '../http/validate';
import { paypalReturnQuery } from '../payments/checkout/paypal';
import { purchaseReturnUrls } from '../payments/checkout/return-urls';
import { readSandboxPayment } from '../payments/checkout/sandbox-card';
import { fulfilmentDeps } from './checkout';

/** The page's form: a card's number, expiry and CVC (card payments) or PayPal's approve / cancel. */
const SandboxFormSchema = v.object({
  card_number: v.optional(v.pipe(v.string(), v.maxLength(64))),
  card_expiry: v.optional(v.pipe(v.string(), v.maxLength(64))),
  card_cvc: v.optional(v.pipe(v.string(), v.maxLength(64))),
  decision: v.optional(v.picklist(['approve', 'cancel'])),
});

function originOf(c: Context<AppEnv>): string {
  return c.get('deps').publicOrigin() ?? new URL(c.req.url).origin;
}

async function openSandbox(c: Context<AppEnv>) {
  const reference = c.req.param('reference') ?? '';
  const [row] = await c
    .get('deps')
    .db.select({
      checkout: checkouts,
      total: payments.totalCents,
      number: payments.number,
      email: payments.email,
    })
    .from(checkouts)
    .innerJoin(payments, eq(payments.id, checkouts.paymentId))
    .where(and(eq(checkouts.gatewayRef, reference), eq(checkouts.sandbox, true)));
  return row ?? null;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}h1{font-size:1.4rem}label{display:block;font-weight:600;margin:.8rem 0 .3rem}input{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #8a939e;border-radius:6px}button{margin:1rem .5rem 0 0;padding:.6rem 1.2rem;font:inherit;border-radius:6px;border:0;background:#0b57d0;color:#fff;cursor:pointer}button.secondary{background:#e4e7eb;color:#1b1f24}.note{background:#fff6d6;border:1px solid #e0c060;padding:.6rem;border-radius:6px;font-size:.9rem}.error{color:#b32d2e;border:1px solid currentColor;border-radius:6px;padding:.6rem}</style></head><body><main>${body}</main></body></html>`;
}

type OpenSandbox = NonNullable<Awaited<ReturnType<typeof openSandbox>>>;

/** Whether the purchase renews: its card is then saved for the renewals, as Stripe's page says. */
const renews = (found: OpenSandbox) => found.checkout.lines.some((line) => line.recurring !== null);

/** The hosted page: the card form (number, expiry, CVC, as Stripe Checkout asks) or PayPal's buttons. */
function payPage(found: OpenSandbox, error: string | null): string {
  const { checkout } = found;
  const amount = `$${(found.total / 100).toFixed(2)}`;
  const action = `/sandbox/pay/${encodeURIComponent(checkout.gatewayRef ?? '')}`;
  const done = checkout.fulfilledAt !== null || checkout.sandboxOutcome !== null;
  const intro = `<h1>${checkout.gateway === 'stripe' ? 'Sandbox card payment' : 'PayPal sandbox'}</h1>
<p class="note">Test mode: no money moves. Order ${escapeHtml(found.number)} for ${escapeHtml(found.email)}, ${amount}.</p>`;
  if (done) return page('Sandbox payment', `${intro}<p>This payment was already submitted.</p>`);
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const saved = renews(found)
    ? '<p>This purchase renews: the card is saved and charged for its renewals until you cancel.</p>'
    : '';
  const form =
    checkout.gateway === 'stripe'
      ? `<form method="post" action="${escapeHtml(action)}">${alert}<label for="card">Card number</label>
<input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="card_expiry" autocomplete="cc-exp" required placeholder="MM/YY">
<label for="cvc">CVC</label><input id="cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" required>
<p>4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>${saved}<button type="submit">Pay ${amount}</button></form>`
      : `<form method="post" action="${escapeHtml(action)}"><button type="submit" name="decision" value="approve">Approve payment</button>
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button></form>`;
  return page('Sandbox payment', intro + form);
}

/**
 * The sandbox gateway's hosted page (DESIGN §6), standing in for Stripe Checkout or PayPal when their
 * keys are not set (never in production). It takes Stripe's test card numbers (4242 4242 4242 4242
 * pays, 4000 0000 0000 0002 is declined) or a PayPal approve/cancel; checkout/sandbox-answer.ts records
 * the outcome and fulfils as a gateway's webhook would; the page returns to the same URLs the real
 * gateway does.
 */
export function sandboxPayRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/sandbox/pay/:reference', async (c) => {
    if (c.get('deps').config.nodeEnv === 'production') return c.notFound();
    const found = await openSandbox(c);
    if (!found) return c.notFound();
    return c.html(payPage(found, null));
  });

  app.post('/sandbox/pay/:reference', async (c) => {
    if (c.get('deps').config.nodeEnv === 'production') return c.notFound();
    const found = await openSandbox(c);
    if (!found) return c.notFound();
    const { checkout } = found;
    const form = parseWith(SandboxFormSchema, await c.req.parseBody());
    let answer: SandboxAnswer;
    if (checkout.gateway === 'stripe') {
      const card = readSandboxPayment({
        number: form.card_number ?? '',
        expiry: form.card_expiry ?? '',
        cvc: form.card_cvc ?? '',
      });
      if (card.outcome === 'invalid') return c.html(payPage(found, card.message), 400);
      // Saved only for a purchase that renews (Stripe's `setup_future_usage: 'off_session'`).
      const savedCard =
        card.outcome === 'paid' && renews(found) ? { gateway: 'sandbox', ...card.card } : null;
      answer = { outcome: card.outcome, savedCard };
    } else {
      answer = { outcome: form.decision === 'approve' ? 'paid' : 'failed', savedCard: null };
    }
    const final = await answerSandboxPayment(fulfilmentDeps(c), checkout, answer);
    const back = purchaseReturnUrls(originOf(c));
    const reference = checkout.gatewayRef ?? '';
    if (final !== 'paid') {
      // The PayPal page's only way not to pay is Cancel: back to the checkout, as PayPal's cancel URL does.
      return c.redirect(checkout.gateway === 'paypalexpress' ? back.cancel : back.failed, 303);
    }
    const query =
      checkout.gateway === 'stripe'
        ? new URLSearchParams({ session_id: reference }).toString()
        : paypalReturnQuery(
            reference,
            `SANDBOX${randomBytes(5).toString('hex').toUpperCase()}`,
            checkout.paymentId,
          );
    return c.redirect(`${back.success}?${query}`, 303);
  });

  return app;
}
