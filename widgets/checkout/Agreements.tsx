import type { CheckoutFormState, CheckoutFormStore } from '../../shared/stores/checkout-form';
import { AgreementLabel } from '../../shared/ui/AgreementLabel';
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
          <AgreementLabel />
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
