import type { Reauth } from '../../shared/schemas/reauth';
import { Button, Field } from '../../shared/ui';

interface Props {
  value: Reauth;
  onChange: (field: keyof Reauth, value: string) => void;
  errors: Partial<Record<keyof Reauth, string>>;
  /** The account's methods: with either on, a code is asked too. */
  twoFA: { totp: boolean; email: boolean };
  /** Mails a code (accounts with e-mail codes). */
  onSendCode: () => void;
  sendingCode: boolean;
}

/**
 * The proof a sensitive change carries (issue 26): the current password and, with 2FA on, a code from
 * the authenticator, a mailed one or a recovery code. The server checks both.
 */
export function ReauthFields({ value, onChange, errors, twoFA, onSendCode, sendingCode }: Props) {
  const hasCode = twoFA.totp || twoFA.email;
  const hint = twoFA.totp
    ? 'From your authenticator app, or a recovery code.'
    : 'The code we e-mail you, or a recovery code.';
  return (
    <>
      <Field label="Current password" error={errors.current_password} required>
        <input
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={value.current_password}
          onChange={(event) => onChange('current_password', event.currentTarget.value)}
        />
      </Field>
      {hasCode && (
        <Field label="Verification code" error={errors.code} hint={hint} required>
          <input
            name="code"
            autoComplete="one-time-code"
            value={value.code}
            onChange={(event) => onChange('code', event.currentTarget.value)}
          />
        </Field>
      )}
      {twoFA.email && (
        <Button type="button" size="small" variant="secondary" loading={sendingCode} onClick={onSendCode}>
          E-mail me a code
        </Button>
      )}
    </>
  );
}
