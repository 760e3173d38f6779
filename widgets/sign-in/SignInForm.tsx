import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import type { AuthStore } from '../../shared/stores/auth';
import { Button, Field } from '../../shared/ui';

export interface SignInFormProps {
  store: AuthStore;
  redirect: string | null;
  /** A reason the session ended (Token_error, access removed), shown above the form. */
  notice: string | null;
  onForgot: () => void;
}

/** Email and password (spec §5 Sign-in); server field errors show under their fields. */
export function SignInForm({ store, redirect, notice, onForgot }: SignInFormProps) {
  const auth = useStore(store.$auth);
  const [email, setEmail] = useState(auth.userEmail ?? '');
  const [password, setPassword] = useState('');
  const busy = auth.status === 'signing-in';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.signIn({ email, password }, redirect);
  };

  return (
    <form className="sign-in__form" part="form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <h2 className="sign-in__title">Sign in</h2>
      {(auth.error ?? notice) && (
        <p className="sign-in__alert" role="alert">
          {auth.error ?? notice}
        </p>
      )}
      <Field label="Email" error={auth.errors.email ?? auth.errors.username} required>
        <input
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      </Field>
      <Field label="Password" error={auth.errors.password} required>
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      </Field>
      <div className="sign-in__actions">
        <Button type="submit" loading={busy}>
          Sign In
        </Button>
        <Button variant="link" onClick={onForgot}>
          Forgot password?
        </Button>
      </div>
    </form>
  );
}
