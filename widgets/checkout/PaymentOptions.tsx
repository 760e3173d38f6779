import type { Gateway } from '../../shared/catalogue/checkout';
import type { CheckoutFormState, CheckoutFormStore } from '../../shared/stores/checkout-form';
import { FieldError } from '../../shared/ui/Field';

const choices: readonly { value: Exclude<Gateway, 'manual'>; label: string }[] = [
  { value: 'stripe', label: 'Card' },
  { value: 'paypalexpress', label: 'PayPal' },
];

/** Card or PayPal (spec §4 Gateway); hidden when a free discounted cart goes through 'manual'. */
export function PaymentOptions({ form, state }: { form: CheckoutFormStore; state: CheckoutFormState }) {
  if (state.values.edd_gateway === 'manual') return null;
  const error = state.errors.edd_gateway;
  return (
    <fieldset
      className="co-pay__group co-pay__gateways"
      aria-describedby={error ? 'co-pay-gateway-error' : undefined}
    >
      <legend>Payment method</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="co-pay__choice">
          <input
            type="radio"
            name="edd_gateway"
            value={choice.value}
            checked={state.values.edd_gateway === choice.value}
            onChange={() => {
              form.change('edd_gateway', choice.value);
              form.check('edd_gateway');
            }}
          />
          {choice.label}
        </label>
      ))}
      {error && (
        <FieldError id="co-pay-gateway-error" role="alert">
          {error}
        </FieldError>
      )}
    </fieldset>
  );
}
