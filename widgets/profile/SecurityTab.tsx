import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { PasswordChangeForm } from '../../shared/schemas/forms/profile';
import { switchedSessionMessage } from '../../shared/schemas/reauth-messages';
import type { ProfileStore } from '../../shared/stores/profile';
import type { TwoFactorMethodsStore } from '../../shared/stores/two-factor-methods';
import { Button, Field } from '../../shared/ui';
import { ReauthFields } from './ReauthFields';
import { TwoFactorMethods } from './TwoFactorMethods';

const empty: PasswordChangeForm = { current_password: '', code: '', new_password: '', new_password_2: '' };

/** Password & Security (spec §2): change the password, then the 2FA methods. */
export function SecurityTab({ store, methods }: { store: ProfileStore; methods: TwoFactorMethodsStore }) {
  const { errors, saving, profile } = useStore(store.$profile);
  const { emit } = useElementHost();
  const [form, setForm] = useState<PasswordChangeForm>(empty);
  const [sendingCode, setSendingCode] = useState(false);
  const titleId = useId();
  const change = (name: keyof PasswordChangeForm, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    store.clearError('password', name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.changePassword(form)) {
      setForm(empty);
      emit('vendor-profile-updated', { type: 'password' });
    }
  };

  const input = (name: 'new_password' | 'new_password_2', label: string) => (
    <Field label={label} error={errors.password[name]} required>
      <input
        name={name}
        type="password"
        autoComplete="new-password"
        value={form[name]}
        onChange={(event) => change(name, event.currentTarget.value)}
      />
    </Field>
  );

  return (
    <div className="profile__panel">
      <form className="profile__form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <h2 id={titleId} className="profile__title">
          Change password
        </h2>
        {profile?.switched_user && (
          <p className="profile__note" role="note">
            {switchedSessionMessage}
          </p>
        )}
        <ReauthFields
          value={form}
          errors={errors.password}
          twoFA={profile?.twoFA ?? { totp: false, email: false }}
          sendingCode={sendingCode}
          onSendCode={() => {
            setSendingCode(true);
            void store.sendReauthCode().finally(() => setSendingCode(false));
          }}
          onChange={change}
        />
        {input('new_password', 'New password')}
        {input('new_password_2', 'Confirm new password')}
        <div className="profile__actions">
          <Button type="submit" loading={saving === 'password'}>
            Change Password
          </Button>
        </div>
      </form>
      <TwoFactorMethods store={store} methods={methods} />
    </div>
  );
}
