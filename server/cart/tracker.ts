import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { cartRecovery } from '../db/schema';

/** The tracking payload of spec §7, as a cart-recovery service receives it. */
export interface CartTrackingPayload {
  external_id: string;
  grand_total: number;
  products: {
    name: string;
    image: string | null;
    price: number;
    external_id: number;
    qty: number;
    variant_id: number;
  }[];
  discount_codes: string[];
  checkout_url: string;
  customer: { email: string; first_name?: string; last_name?: string } | null;
}

/**
 * Where cart changes are reported for cart recovery. The default records them in the database and
 * sends nothing out; a real recovery service is one adapter implementing `track`.
 */
export interface CartTracker {
  track(payload: CartTrackingPayload): Promise<void>;
}

export function databaseCartTracker(db: Database): CartTracker {
  return {
    async track(payload) {
      await db
        .insert(cartRecovery)
        .values({ externalId: payload.external_id, payload: { ...payload } })
        .onConflictDoUpdate({
          target: cartRecovery.externalId,
          set: { payload: { ...payload }, updatedAt: sql`now()` },
        });
    },
  };
}
