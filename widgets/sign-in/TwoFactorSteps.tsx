import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { copyMessages, warningMessages } from '../../shared/api/messages';
import type { AuthStore } from '../../shared/stores/auth';
import { Button, CopyButton, Field, Skeleton } from '../../shared/ui';
import { saveTextFile } from './host-actions';

interface StepProps {
  store: AuthStore;
}

/** Level 1 of a forced setup: authenticator app or e-mail code. */
export function MethodChoice({ store }: StepProps) {
  const auth = useStore(store.$auth);
  return (
    <div className="two-factor__step" data-step="choose-method">
      <p className="two-factor__warning" role="status">
        {warningMessages.twoFactorRequired}
      </p>
      <p>Choose how you will confirm your sign-ins.</p>
      <div className="two-factor__choices">
        <Button
          data-autofocus
          onClick={() => void store.chooseMethod('totp')}
          loading={auth.busy && auth.method === 'totp'}
        >
          Authenticator app
        </Button>
        <Button
          variant="secondary"
          onClick={() => void store.chooseMethod('email')}
          loading={auth.busy && auth.method === 'email'}
        >
          E-mail code
        </Button>
      </div>
    </div>
  );
}

/** The code input shared by setup and verification; its error is the spec's or the server's message. */
function CodeForm({ store, label, submitLabel }: StepProps & { label: string; submitLabel: string }) {
  const auth = useStore(store.$auth);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.submitCode();
  };
  return (
    <form className="two-factor__code" noValidate onSubmit={submit}>
      <Field label={label} error={auth.errors.code} required>
        <input
          name="code"
          inputMode={auth.recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          data-autofocus
          value={auth.code}
          onChange={(event) => store.setCode(event.currentTarget.value)}
        />
      </Field>
      <Button type="submit" loading={auth.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Level 2.1: scan the QR code (or type the key), then confirm with a code from the app. */
export function TotpSetup({ store }: StepProps) {
  const auth = useStore(store.$auth);
  const options = auth.totpOptions;
  return (
    <div className="two-factor__step" data-step="configure-totp">
      <p>Scan this QR code with your authenticator app, or type the key into it.</p>
      <div className="two-factor__qr">
        {options ? (
          <img src={options.qrImage} alt="QR code for your authenticator app" width={220} height={220} />
        ) : (
          <Skeleton width={220} height={220} />
        )}
      </div>
      <div className="two-factor__key">
        {options ? (
          <>
            <code>{options.key}</code>
            <CopyButton value={options.key} confirmation={copyMessages.code} aria-label="Copy the key" />
          </>
        ) : (
          <Skeleton width={260} height={24} />
        )}
      </div>
      <CodeForm store={store} label="Verification code" submitLabel="Verify" />
    </div>
  );
}

/** Level 2: the code mailed to the account's address confirms e-mail 2FA. */
export function EmailSetup({ store }: StepProps) {
  const auth = useStore(store.$auth);
  return (
    <div className="two-factor__step" data-step="configure-email">
      <p>We have sent a 6-digit code to {auth.hiddenEmail}. Enter it to turn on e-mail codes.</p>
      <CodeForm store={store} label="Verification code" submitLabel="Verify" />
    </div>
  );
}

/** The code asked at sign-in, with the toggle to a recovery code (which clears the input). */
export function CodeEntry({ store }: StepProps) {
  const auth = useStore(store.$auth);
  const where =
    auth.method === 'email'
      ? `Enter the 6-digit code we sent to ${auth.hiddenEmail}.`
      : 'Enter the 6-digit code from your authenticator app.';
  return (
    <div className="two-factor__step" data-step="verify-code">
      <p className="two-factor__warning" role="status">
        {warningMessages.twoFactorRequired}
      </p>
      <p>{auth.recovery ? 'Enter one of your recovery codes.' : where}</p>
      <CodeForm
        store={store}
        label={auth.recovery ? 'Recovery code' : 'Verification code'}
        submitLabel="Verify"
      />
      <Button variant="link" onClick={() => store.toggleRecovery()}>
        {auth.recovery ? 'Use a verification code' : 'Use a recovery code'}
      </Button>
    </div>
  );
}

/** Level 3 / 3.1: the new recovery codes, downloaded as a .txt file before sign-in completes. */
export function RecoveryCodes({ store }: StepProps) {
  const auth = useStore(store.$auth);
  const codes = auth.backupCodes;
  return (
    <div className="two-factor__step" data-step="recovery-codes">
      <p>
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose access to your
        authenticator or e-mail.
      </p>
      {codes ? (
        <ol className="two-factor__codes" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
      ) : (
        <Skeleton height={160} />
      )}
      <Button data-autofocus loading={auth.busy} onClick={() => void store.downloadCodes(saveTextFile)}>
        Download recovery codes
      </Button>
    </div>
  );
}
