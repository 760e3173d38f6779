import { useStore } from '@nanostores/react';
import type { AuthStatus, AuthStore } from '../../shared/stores/auth';
import { Modal } from '../../shared/ui';
import { CodeEntry, EmailSetup, MethodChoice, RecoveryCodes, TotpSetup } from './TwoFactorSteps';

const titles: Partial<Record<AuthStatus, string>> = {
  'choose-method': 'Set up two-factor authentication',
  'configure-totp': 'Set up your authenticator app',
  'configure-email': 'Set up e-mail codes',
  'verify-code': 'Two-factor authentication',
  'recovery-codes': 'Your recovery codes',
};

/**
 * The 2FA modal of spec §2: always open while a 2FA step is due, large, impossible to dismiss (no
 * Escape, no backdrop, no close button), with the current step and a loading look during calls.
 */
export function TwoFactorModal({ store }: { store: AuthStore }) {
  const auth = useStore(store.$auth);
  const title = titles[auth.status];
  if (!title) return null;
  return (
    <Modal
      key={auth.status}
      open
      title={title}
      size="large"
      dismissable={false}
      busy={auth.busy}
      className="two-factor"
    >
      {auth.status === 'choose-method' && <MethodChoice store={store} />}
      {auth.status === 'configure-totp' && <TotpSetup store={store} />}
      {auth.status === 'configure-email' && <EmailSetup store={store} />}
      {auth.status === 'verify-code' && <CodeEntry store={store} />}
      {auth.status === 'recovery-codes' && <RecoveryCodes store={store} />}
    </Modal>
  );
}
