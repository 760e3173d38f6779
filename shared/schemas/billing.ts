import * as v from 'valibot';

/** `POST /billing/run {as_of?}`: run what is due as of that moment (default now). */
export const BillingRunRequestSchema = v.object({
  as_of: v.optional(v.pipe(v.string(), v.isoTimestamp('as_of must be an ISO date and time.'))),
});
