import { useStore } from '@nanostores/react';
import { type FormEvent, useMemo, useState } from 'react';
import type { ApiClient } from '../../shared/api';
import { successMessages } from '../../shared/api/messages';
import { createForgotPasswordStore } from '../../shared/stores/password-reset';
import { Button, Field } from '../../shared/ui';

export interface ForgotPasswordProps {
  api: ApiClient;
  onBack: () => void;
}

/** Spec §2 Forgot password: the e-mail, 'Send Password Reset Link', and the sentence once sent. */
export function ForgotPassword({ api, onBack }: ForgotPasswordProps) {
  const store = useMemo(() => createForgotPasswordStore(api), [api]);
  const state = useStore(store.$forgot);
  const [email, setEmail] = useState('');
  const sending = state.status === 'sending';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.send({ email })) setEmail('');
  };

  return (
    <form className="sign-in__form" part="form" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="sign-in__title">Forgot password</h2>
      {state.status === 'sent' && (
        <p className="sign-in__success" role="status">
          {successMessages.resetLinkSent}
        </p>
      )}
      {state.error && (
        <p className="sign-in__alert" role="alert">
          {state.error}
        </p>
      )}
      <Field label="Email" error={state.errors.email} required>
        <input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      </Field>
      <div className="sign-in__actions">
        <Button type="submit" loading={sending}>
          {sending ? 'Sending Password Reset Link...' : 'Send Password Reset Link'}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          Back to Login
        </Button>
      </div>
    </form>
  );
}
