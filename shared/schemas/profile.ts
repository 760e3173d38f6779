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

/** The three kinds of `POST /profile` (spec §7): the fields of each are checked by its form schema. */
export const profileUpdateTypes = ['profile', 'address', 'password'] as const;
export type ProfileUpdateType = (typeof profileUpdateTypes)[number];

export const ProfileUpdateTypeSchema = v.object({
  type: v.picklist(profileUpdateTypes, 'type must be profile, address or password.'),
});

/**
 * `POST /profile` answers the profile as it now is. A new e-mail address is not in it yet: it waits for
 * the link mailed to it, and `pending_email` names it.
 */
export const ProfileUpdatedSchema = v.object({
  success: v.literal(true),
  message: v.string(),
  profile: ProfileSchema,
  pending_email: v.nullable(v.string()),
});
export type ProfileUpdated = v.InferOutput<typeof ProfileUpdatedSchema>;

/** `POST /profile/confirm-email {key}`: the key of the mailed link. */
export const ConfirmEmailRequestSchema = v.object({
  key: v.pipe(v.string('key is required.'), v.regex(/^[\w-]{43}$/, 'This confirmation link is not valid.')),
});

/**
 * `POST /profile/add-card`: where the browser goes to enter the card (the gateway's page). `v.check` with
 * URL.canParse rather than `v.url`, which no other schema calls: valibot is one module shared by every
 * element, so one schema's rare validator is every element's weight.
 */
export const AddCardResponseSchema = v.object({
  url: v.pipe(
    v.string(),
    v.check((url) => URL.canParse(url), 'Invalid URL'),
  ),
});

/** `POST /profile/set-card-default` and `/profile/remove-card`: the gateway's id of the card. */
export const CardRequestSchema = v.object({
  payment_method: v.pipe(
    v.string('payment_method is required.'),
    v.trim(),
    v.nonEmpty('payment_method is required.'),
    v.maxLength(255, 'payment_method is not valid.'),
  ),
});

/** The saved cards after a change, default first. */
export const CardListResponseSchema = v.object({ success: v.literal(true), cards: v.array(CardSchema) });
