import { legalLinks } from '../../shared/catalogue/legal';
import type { CheckoutFormState, CheckoutFormStore } from '../../shared/stores/checkout-form';
import { FieldError } from '../../shared/ui/Field';

/** One box for both agreements (spec §5) and the newsletter opt-in, ticked by default (spec §3). */
export function Agreements({ form, state }: { form: CheckoutFormStore; state: CheckoutFormState }) {
  const error = state.errors.edd_agree_to_terms;
  return (
    <div className="co-pay__agreements">
      <label className="co-pay__choice">
        <input
          type="checkbox"
          name="edd_agree_to_terms"
          checked={state.values.terms}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'co-pay-terms-error' : undefined}
          onChange={(event) => {
            form.change('terms', event.currentTarget.checked);
            form.check('terms');
          }}
        />
        <span>
          I agree to the{' '}
          <a href={legalLinks.terms} target="_blank" rel="noopener">
            Terms &amp; Conditions
          </a>{' '}
          and the{' '}
          <a href={legalLinks.privacyPolicy} target="_blank" rel="noopener">
            Privacy Policy
          </a>
        </span>
      </label>
      {error && (
        <FieldError id="co-pay-terms-error" role="alert">
          {error}
        </FieldError>
      )}
      <label className="co-pay__choice">
        <input
          type="checkbox"
          name="mailchimp"
          checked={state.values.mailchimp}
          onChange={(event) => form.change('mailchimp', event.currentTarget.checked)}
        />
        Send me product news and offers
      </label>
    </div>
  );
}
