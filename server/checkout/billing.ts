import * as v from 'valibot';
import { checkoutFormSchema } from '../../shared/schemas/forms/checkout';
import { stateOptions } from '../geo/regions';
import { parseWith } from '../http/validate';

/** Any JSON object; the billing rules run once the hyphenated spellings are folded in. */
export const PurchaseBodySchema = v.record(v.string(), v.unknown());

/**
 * The billing payload of spec §3/§7 checked with the checkout form's own schema (a request that passes
 * the form passes here). The payload carries the gateway and mode twice ('edd-gateway', 'payment-mode'
 * beside edd_gateway, payment_mode); either spelling is read. Whether a state is required comes from
 * our country data, never from the request.
 */
export function readBilling(body: Record<string, unknown>) {
  const input: Record<string, unknown> = {
    ...body,
    edd_gateway: body.edd_gateway ?? body['edd-gateway'],
    payment_mode: body.payment_mode ?? body['payment-mode'],
  };
  const country = typeof input.billing_country === 'string' ? input.billing_country.trim().toUpperCase() : '';
  const countryHasStates = country !== '' && stateOptions(country).length > 0;
  return parseWith(checkoutFormSchema({ countryHasStates }), { ...input, billing_country: country });
}
export type Billing = ReturnType<typeof readBilling>;
