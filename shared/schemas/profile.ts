import * as v from 'valibot';
import { SessionUserSchema } from './session';

/** The billing address of spec §3 (profile, invoice and checkout share it). */
export const AddressSchema = v.object({
  line1: v.string(),
  line2: v.string(),
  country: v.string(),
  state: v.string(),
  city: v.string(),
  zip: v.string(),
});
export type Address = v.InferOutput<typeof AddressSchema>;

/** A saved card of spec §3: the default flag and what the card list shows, never the number. */
export const CardSchema = v.object({
  default: v.boolean(),
  source: v.object({ id: v.string(), brand: v.string(), last4: v.string() }),
});
export type Card = v.InferOutput<typeof CardSchema>;

/**
 * `GET /profile`: the session user plus the Profile entity of spec §3 in one object, so a client may
 * parse it with SessionUserSchema (the extra keys are dropped) or with this schema. Cards are listed
 * default first.
 */
export const ProfileSchema = v.object({
  ...SessionUserSchema.entries,
  address: AddressSchema,
  cards: v.array(CardSchema),
});
export type Profile = v.InferOutput<typeof ProfileSchema>;
