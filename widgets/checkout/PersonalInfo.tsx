import { acquisitionOptions } from '../../shared/catalogue/acquisition';
import type { CheckoutFormState, CheckoutFormStore } from '../../shared/stores/checkout-form';
import { Field } from '../../shared/ui/Field';

/** Personal Information (spec §2): names, the e-mail (locked for a signed-in profile) and how they found us. */
export function PersonalInfo({ form, state }: { form: CheckoutFormStore; state: CheckoutFormState }) {
  const { values, errors } = state;
  const text = (field: 'edd_first' | 'edd_last' | 'edd_email', label: string, autoComplete: string) => (
    <Field label={label} error={errors[field]} required className={`co-pay__${field}`}>
      <input
        type={field === 'edd_email' ? 'email' : 'text'}
        name={field}
        value={values[field]}
        autoComplete={autoComplete}
        readOnly={field === 'edd_email' && state.emailLocked}
        onChange={(event) => form.change(field, event.currentTarget.value)}
        onBlur={() => form.check(field)}
      />
    </Field>
  );
  return (
    <fieldset className="co-pay__group">
      <legend>Personal Information</legend>
      <div className="co-pay__grid">
        {text('edd_first', 'First name', 'given-name')}
        {text('edd_last', 'Last name', 'family-name')}
      </div>
      {text('edd_email', 'Email', 'email')}
      <Field label="How did you find us?" error={errors.edd_acquisition_method} required>
        <select
          name="edd_acquisition_method"
          value={values.edd_acquisition_method}
          onChange={(event) => {
            form.change('edd_acquisition_method', event.currentTarget.value);
            form.check('edd_acquisition_method');
          }}
          onBlur={() => form.check('edd_acquisition_method')}
        >
          <option value="">Select an option</option>
          {acquisitionOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    </fieldset>
  );
}
