import { useStore } from '@nanostores/react';
import { warningMessages } from '../../shared/api/messages';
import type { AuthStore } from '../../shared/stores/auth';
import { Button } from '../../shared/ui';
import * as Steps from '../../shared/ui/two-factor/TwoFactorSteps';

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

/** Level 2.1 (shared with the profile): QR code and key, then a code from the app. */
export function TotpSetup({ store }: StepProps) {
  return <Steps.TotpSetup state={useStore(store.$auth)} actions={store} />;
}

/** Level 2 (shared with the profile): the mailed code confirms e-mail 2FA. */
export function EmailSetup({ store }: StepProps) {
  return <Steps.EmailSetup state={useStore(store.$auth)} actions={store} />;
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
      <Steps.CodeForm
        state={auth}
        actions={store}
        label={auth.recovery ? 'Recovery code' : 'Verification code'}
        submitLabel="Verify"
      />
      <Button variant="link" onClick={() => store.toggleRecovery()}>
        {auth.recovery ? 'Use a verification code' : 'Use a recovery code'}
      </Button>
    </div>
  );
}

/** Level 3 / 3.1 (shared with the profile): the recovery codes, downloaded before sign-in completes. */
export function RecoveryCodes({ store }: StepProps) {
  return <Steps.RecoveryCodes state={useStore(store.$auth)} actions={store} />;
}
