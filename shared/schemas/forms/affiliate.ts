import * as v from 'valibot';
import { fieldLimits } from '../../catalogue/limits';
import { affiliateMessages as m } from '../messages';
import { checkbox, email, minLength, required, trimmedString, url, username } from '../rules';

/**
 * Affiliate registration (spec §3 field names, spec §5 messages). The captcha token travels beside
 * these fields and is checked by the server, not here.
 */
export const affiliateRegistrationSchema = v.object({
  affwp_user_name: v.pipe(trimmedString(m.nameRequired), required('Name', m.nameRequired)),
  affwp_user_login: v.pipe(
    trimmedString(m.usernameRequired),
    required('Username'),
    username(m.usernameHasSpace),
  ),
  affwp_user_email: v.pipe(trimmedString(m.emailRequired), required('Email'), email()),
  affwp_payment_email: v.pipe(trimmedString(m.paymentEmailInvalid), email(m.paymentEmailInvalid)),
  affwp_user_url: v.pipe(
    trimmedString(m.urlRequired),
    required('Website url', m.urlRequired),
    url(m.urlRequired),
  ),
  affwp_promotion_method: v.pipe(
    trimmedString(m.promotionRequired),
    required('Promotion method', m.promotionRequired),
    minLength(fieldLimits.promotionMin, m.promotionTooShort),
  ),
  privacy_policy: v.pipe(checkbox(), required('Privacy policy', m.privacyRequired)),
});
export type AffiliateRegistrationForm = v.InferOutput<typeof affiliateRegistrationSchema>;
