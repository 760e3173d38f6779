import type { FormEvent } from 'react';
import { copyMessages } from '../../api/messages';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { Field } from '../Field';
import { Skeleton } from '../Skeleton';
import { saveTextFile } from './save-text-file';

/**
 * The 2FA setup steps shared by `<vendor-sign-in>` (a forced setup at sign-in) and `<vendor-profile>`
 * (a signed-in user turning a method on): the same views over either flow's state and actions.
 */
export interface TwoFactorStepState {
  /** A call is in flight: buttons show a spinner and repeat submits are ignored. */
  busy: boolean;
  totpOptions: { qrImage: string; key: string } | null;
  hiddenEmail: string | null;
  backupCodes: string[] | null;
  /** The code input; cleared on a 2FA error. */
  code: string;
  /** Typing a recovery code instead of the normal one (sign-in only). */
  recovery: boolean;
  errors: Record<string, string>;
}

export interface TwoFactorStepActions {
  setCode(code: string): void;
  submitCode(): Promise<void>;
  /** Takes the codes for the `.txt` file; the step saves it with `save`. */
  downloadCodes(save: (file: { name: string; text: string }) => void): Promise<void>;
}

export interface TwoFactorStepProps {
  state: TwoFactorStepState;
  actions: TwoFactorStepActions;
}

/** The code input shared by setup and verification; its error is the spec's or the server's message. */
export function CodeForm({
  state,
  actions,
  label,
  submitLabel,
}: TwoFactorStepProps & { label: string; submitLabel: string }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void actions.submitCode();
  };
  return (
    <form className="two-factor__code" noValidate onSubmit={submit}>
      <Field label={label} error={state.errors.code} required>
        <input
          name="code"
          inputMode={state.recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          data-autofocus
          value={state.code}
          onChange={(event) => actions.setCode(event.currentTarget.value)}
        />
      </Field>
      <Button type="submit" loading={state.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Level 2.1: scan the QR code (or type the key), then confirm with a code from the app. */
export function TotpSetup({ state, actions }: TwoFactorStepProps) {
  const options = state.totpOptions;
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
      <CodeForm state={state} actions={actions} label="Verification code" submitLabel="Verify" />
    </div>
  );
}

/** Level 2: the code mailed to the account's address confirms e-mail 2FA. */
export function EmailSetup({ state, actions }: TwoFactorStepProps) {
  return (
    <div className="two-factor__step" data-step="configure-email">
      <p>We have sent a 6-digit code to {state.hiddenEmail}. Enter it to turn on e-mail codes.</p>
      <CodeForm state={state} actions={actions} label="Verification code" submitLabel="Verify" />
    </div>
  );
}

/** Level 3 / 3.1: the new recovery codes, downloaded as a .txt file. */
export function RecoveryCodes({ state, actions }: TwoFactorStepProps) {
  const codes = state.backupCodes;
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
      <Button data-autofocus loading={state.busy} onClick={() => void actions.downloadCodes(saveTextFile)}>
        Download recovery codes
      </Button>
    </div>
  );
}
