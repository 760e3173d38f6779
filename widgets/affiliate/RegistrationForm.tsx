import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useElementHost } from '../../shared/element/host-context';
import { CAPTCHA_FIELD } from '../../shared/schemas/affiliates';
import type { AffiliateStore, RegistrationInput } from '../../shared/stores/affiliates';
import { session } from '../../shared/stores/session';
import { AgreementLabel } from '../../shared/ui/AgreementLabel';
import { Button } from '../../shared/ui/Button';
import { Field, FieldError } from '../../shared/ui/Field';
import { reveal } from '../../shared/ui/focus';
import { texts } from './texts';

type TextField = Exclude<keyof RegistrationInput, 'privacy_policy'>;

const blank = (): RegistrationInput => ({
  affwp_user_name: '',
  affwp_user_login: '',
  affwp_user_email: '',
  affwp_payment_email: '',
  affwp_user_url: '',
  affwp_promotion_method: '',
  privacy_policy: false,
});

const order: (keyof RegistrationInput | typeof CAPTCHA_FIELD)[] = [
  'affwp_user_name',
  'affwp_user_login',
  'affwp_user_email',
  'affwp_payment_email',
  'affwp_user_url',
  'affwp_promotion_method',
  'privacy_policy',
  CAPTCHA_FIELD,
];

/** What the form holds now, read from the form itself (a last keystroke's state may not have rendered). */
function formValues(form: HTMLFormElement): RegistrationInput {
  const data = new FormData(form);
  const read = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    affwp_user_name: read('affwp_user_name'),
    affwp_user_login: read('affwp_user_login'),
    affwp_user_email: read('affwp_user_email'),
    affwp_payment_email: read('affwp_payment_email'),
    affwp_user_url: read('affwp_user_url'),
    affwp_promotion_method: read('affwp_promotion_method'),
    privacy_policy: data.has('privacy_policy'),
  };
}

/**
 * The registration form of spec §5 with the proof-of-work captcha run before sending. A signed-in user
 * registers their own account: its user name and e-mail are used and not asked for. Success resets
 * the form and shows the thanks (spec §4); failures show the spec's messages under their fields.
 */
export function RegistrationForm({ store }: { store: AffiliateStore }) {
  const { emit } = useElementHost();
  const user = useStore(session.$user);
  const signedIn = useStore(session.$signedIn);
  const registration = useStore(store.$registration);
  const [values, setValues] = useState<RegistrationInput>(blank);
  const formRef = useRef<HTMLFormElement>(null);
  const captchaId = useId();
  const busy = registration.step === 'solving' || registration.step === 'sending';
  const errors = registration.errors;

  const text = (field: TextField) => ({
    name: field,
    value: String(values[field] ?? ''),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      store.clearFieldError(field);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await store.register(formValues(event.currentTarget));
    if (ok) {
      setValues(blank());
      const affiliate = store.lastRegistered();
      emit('vendor-affiliate-registered', {
        affiliate_id: affiliate?.id ?? null,
        status: affiliate?.status ?? null,
      });
      return;
    }
    // Take the user to the first field with a message (the captcha's is the submit button's).
    const first = order.find((field) => store.$registration.get().errors[field]);
    const control = first && formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    if (control) reveal(control);
  };

  return (
    <div className="affiliate__registration">
      <form
        ref={formRef}
        className="affiliate__form"
        part="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <Field label={texts.form.name} required error={errors.affwp_user_name}>
          <input type="text" autoComplete="name" {...text('affwp_user_name')} />
        </Field>
        {signedIn ? (
          user && <p className="affiliate__muted">{texts.form.asAccount(user.email)}</p>
        ) : (
          <>
            <Field label={texts.form.username} required error={errors.affwp_user_login}>
              <input type="text" autoComplete="username" {...text('affwp_user_login')} />
            </Field>
            <Field label={texts.form.email} required error={errors.affwp_user_email}>
              <input type="email" autoComplete="email" {...text('affwp_user_email')} />
            </Field>
          </>
        )}
        <Field label={texts.form.paymentEmail} error={errors.affwp_payment_email}>
          <input type="email" {...text('affwp_payment_email')} />
        </Field>
        <Field label={texts.form.url} required error={errors.affwp_user_url}>
          <input type="url" autoComplete="url" placeholder="https://" {...text('affwp_user_url')} />
        </Field>
        <Field label={texts.form.promotion} required error={errors.affwp_promotion_method}>
          <textarea rows={4} {...text('affwp_promotion_method')} />
        </Field>
        <Field label={<AgreementLabel />} required error={errors.privacy_policy} className="affiliate__check">
          <input
            type="checkbox"
            name="privacy_policy"
            checked={values.privacy_policy === true}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, privacy_policy: checked }));
              store.clearFieldError('privacy_policy');
            }}
          />
        </Field>
        <div className="affiliate__captcha" data-state={registration.step}>
          <p id={captchaId} className="affiliate__muted">
            {texts.form.captcha}
          </p>
          <p role="status" className="affiliate__captcha-status">
            {registration.step === 'solving'
              ? texts.form.solving
              : registration.step === 'sending'
                ? texts.form.sending
                : ''}
          </p>
          {errors[CAPTCHA_FIELD] && (
            <FieldError part="field-error" role="alert">
              {errors[CAPTCHA_FIELD]}
            </FieldError>
          )}
        </div>
        {registration.message && registration.step !== 'done' && (
          <p className="affiliate__error" role="alert">
            {registration.message}
          </p>
        )}
        <Button type="submit" loading={busy} aria-describedby={captchaId} name={CAPTCHA_FIELD}>
          {texts.form.submit}
        </Button>
      </form>
    </div>
  );
}
