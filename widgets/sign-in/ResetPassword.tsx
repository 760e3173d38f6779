import { useStore } from '@nanostores/react';
import { type FormEvent, useMemo, useState } from 'react';
import type { ApiClient } from '../../shared/api';
import { createResetPasswordStore } from '../../shared/stores/password-reset';
import { Button, Field } from '../../shared/ui';

export interface ResetPasswordProps {
  api: ApiClient;
  /** `key` and `user` of the mailed link (`/auth/reset-password?key=…&user=…`). */
  link: { key: string; user: string };
  /** After success: the fields are cleared and the user goes to '/' (spec §4). */
  onDone: () => void;
}

/** Spec §2 Reset password: the new password twice, checked by the spec §5 rule before sending. */
export function ResetPassword({ api, link, onDone }: ResetPasswordProps) {
  const store = useMemo(() => createResetPasswordStore(api), [api]);
  const state = useStore(store.$reset);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.submit({ password, password_confirmation: confirmation }, link)) {
      setPassword('');
      setConfirmation('');
      onDone();
    }
  };

  return (
    <form className="sign-in__form" part="form" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="sign-in__title">Reset password</h2>
      {state.error && (
        <p className="sign-in__alert" role="alert">
          {state.error}
        </p>
      )}
      <Field label="New password" error={state.errors.password} required>
        <input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      </Field>
      <Field label="Confirm password" error={state.errors.password_confirmation} required>
        <input
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
      </Field>
      <div className="sign-in__actions">
        <Button type="submit" loading={state.status === 'sending'}>
          Reset Password
        </Button>
      </div>
    </form>
  );
}
