import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { checkouts } from '../../db/schema';
import type { GatewayVerdict, PurchaseGateway } from './gateway';

/**
 * The built-in sandbox (DESIGN §6): the default in development, so a purchase completes end to end with
 * no outside service. Its "hosted page" is `/sandbox/pay/{reference}` on this server
 * (routes/sandbox-pay.ts), which records the outcome on the checkout row; the verdict reads it back.
 * References look like the real gateway's (`cs_sandbox_…`, `EC-…`) and are 24 random bytes.
 */
export function sandboxGateway(db: Database, name: PurchaseGateway['name'], origin: string): PurchaseGateway {
  return {
    name,
    sandbox: true,
    async start() {
      const secret = randomBytes(24).toString('base64url');
      const reference = name === 'stripe' ? `cs_sandbox_${secret}` : `EC-${secret}`;
      return { url: `${origin}/sandbox/pay/${encodeURIComponent(reference)}`, reference };
    },
    async verdict(reference: string): Promise<GatewayVerdict> {
      const [row] = await db
        .select({ outcome: checkouts.sandboxOutcome })
        .from(checkouts)
        .where(and(eq(checkouts.gateway, name), eq(checkouts.gatewayRef, reference)));
      return row?.outcome === 'paid' ? 'paid' : row?.outcome === 'failed' ? 'failed' : 'open';
    },
    // The sandbox page records the card on the checkout row with its answer (routes/sandbox-pay.ts).
    savedCard: async () => null,
  };
}

/**
 * Stripe's test cards as the sandbox reads them: 4242 4242 4242 4242 (and the other success numbers)
 * pay; the decline numbers (4000 0000 0000 0002 and friends) fail; anything not a valid card number
 * by the Luhn check fails too.
 */
const declined = new Set([
  '4000000000000002',
  '4000000000009995',
  '4000000000009987',
  '4000000000009979',
  '4000000000000069',
  '4000000000000127',
  '4000000000000119',
  '4100000000000019',
]);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function sandboxCardOutcome(cardNumber: string): 'paid' | 'failed' {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits) || declined.has(digits)) return 'failed';
  return 'paid';
}
