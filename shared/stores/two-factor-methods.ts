import { map } from 'nanostores';
import * as v from 'valibot';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { requestFailures, successMessages } from '../api/messages';
import type { TwoFactorMethod } from '../catalogue/two-factor';
import { twoFactorCodeSchema } from '../schemas/forms/auth';
import { fieldErrors } from '../schemas/forms/field-errors';
import type { Reauth } from '../schemas/reauth';
import { reauthMessages } from '../schemas/reauth-messages';
import {
  BackupCodesSchema,
  ConfigureTwoFactorResponseSchema,
  DownloadBackupCodesSchema,
  TotpSetupKeySchema,
} from '../schemas/two-factor';
import type { TwoFactorStepState } from '../ui/two-factor/TwoFactorSteps';
import { backupCodesFile } from './auth';
import type { ProfileStore } from './profile';
import { showToast } from './toasts';

/** The setup dialog's step: none, configuring a method (2.1 / 2), or its new recovery codes (3). */
export type MethodSetupStatus = 'idle' | 'configure-totp' | 'configure-email' | 'recovery-codes';

export interface TwoFactorMethodsState extends TwoFactorStepState {
  status: MethodSetupStatus;
  /** The method being configured. */
  method: TwoFactorMethod | null;
  /** The menu action running, for its spinner: one at a time. */
  running: { method: TwoFactorMethod; action: 'configure' | 'disable' | 'regenerate' } | null;
  /**
   * The change waiting for the owner's proof (the confirm step): disabling a method, new recovery
   * codes, or configuring `method` in place of the other one (which the server turns off once the new
   * one works, so an account is never left without 2FA while it switches).
   */
  confirm: { action: ProofAction; method: TwoFactorMethod } | null;
  /** What the confirm step asks: the current password and, 2FA being on, a code. */
  proof: Reauth;
  proofErrors: Partial<Record<keyof Reauth, string>>;
}

export type ProofAction = 'disable' | 'regenerate' | 'switch';

const initial: TwoFactorMethodsState = {
  status: 'idle',
  method: null,
  running: null,
  confirm: null,
  proof: { current_password: '', code: '' },
  proofErrors: {},
  busy: false,
  totpOptions: null,
  hiddenEmail: null,
  backupCodes: null,
  code: '',
  recovery: false,
  errors: {},
};

const DisableAnswerSchema = v.object({
  success: v.literal(true),
  twoFA: v.object({ totp: v.boolean(), email: v.boolean() }),
});

const otherMethod = (method: TwoFactorMethod): TwoFactorMethod => (method === 'totp' ? 'email' : 'totp');

type SaveFile = (file: { name: string; text: string }) => void;

export type TwoFactorMethodsStore = ReturnType<typeof createTwoFactorMethodsStore>;

/**
 * 'Two-Factor Authentication Methods' of the profile (spec §4 Two-factor methods), on the 2FA calls of
 * spec §7 with the signed-in token: configure a method (the sign-in's setup steps: QR code and key or
 * a mailed code, then a code, then the recovery codes as a `.txt` file), 'Generate New Recovery Codes'
 * (the download starts once they are made) and Disable. One method at a time: configuring one while
 * the other is on asks first (spec §4), and the server turns the other off once the new one works.
 * Disable, new codes and switching ask for the current password and a code first (issue 26).
 */
export function createTwoFactorMethodsStore(api: ApiClient, profile: ProfileStore) {
  const $methods = map<TwoFactorMethodsState>({ ...initial });
  const patch = (values: Partial<TwoFactorMethodsState>) => $methods.set({ ...$methods.get(), ...values });
  const twoFA = () => profile.$profile.get().profile?.twoFA ?? { totp: false, email: false };

  /** The server's message as an error toast, the code cleared, its field message under the input. */
  function failed(error: unknown): void {
    showToast({ kind: 'error', message: isApiError(error) ? error.message : requestFailures.default });
    patch({
      busy: false,
      running: null,
      code: '',
      errors: isApiError(error) && error.fields.code ? { code: error.fields.code } : {},
    });
  }

  /** Opens the confirm step for a change that needs the owner's proof. */
  function ask(action: ProofAction, method: TwoFactorMethod): void {
    patch({ confirm: { action, method }, proof: initial.proof, proofErrors: {} });
  }

  /** Starts configuring `method`: a code is mailed (level 2) or a key is made and shown (2.1). */
  async function start(method: TwoFactorMethod, proof: Reauth | null = null): Promise<void> {
    patch({ ...initial, method, running: { method, action: 'configure' }, busy: true });
    try {
      const { data } = await api.post('/configure-2fa', ConfigureTwoFactorResponseSchema, {
        method,
        ...proof,
      });
      patch({
        status: method === 'totp' ? 'configure-totp' : 'configure-email',
        hiddenEmail: data.two_factor.hidden_email || null,
      });
      if (method === 'totp') {
        const { data: key } = await api.get('/totp-setup-key', TotpSetupKeySchema);
        patch({ totpOptions: { qrImage: key.qr_image, key: key.key } });
      }
      patch({ busy: false, running: null });
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      if (proof && (fields.current_password || fields.code)) {
        // A wrong password or code: back to the confirm step, with the message under its field.
        patch({
          ...initial,
          confirm: { action: 'switch', method },
          proof,
          proofErrors: { current_password: fields.current_password, code: fields.code },
        });
      } else failed(error);
    }
  }

  return {
    $methods,

    /** 'Configure': starts at once while the other method is off; otherwise the confirm step first. */
    async configure(method: TwoFactorMethod): Promise<void> {
      if ($methods.get().running || $methods.get().busy) return;
      if (twoFA()[otherMethod(method)]) ask('switch', method);
      else await start(method);
    },

    setProof(field: keyof Reauth, value: string): void {
      const { [field]: _, ...rest } = $methods.get().proofErrors;
      patch({ proof: { ...$methods.get().proof, [field]: value }, proofErrors: rest });
    },

    /** The confirm step's proof goes with the change; a wrong password or code stays in the dialog. */
    async confirmProof(save: SaveFile): Promise<void> {
      const { confirm, proof, running } = $methods.get();
      if (!confirm || running) return;
      const proofErrors: TwoFactorMethodsState['proofErrors'] = {};
      if (proof.current_password === '') proofErrors.current_password = reauthMessages.passwordEmpty;
      if (proof.code.trim() === '') proofErrors.code = reauthMessages.codeEmpty;
      if (Object.keys(proofErrors).length > 0) {
        patch({ proofErrors });
        return;
      }
      const { action, method } = confirm;
      patch({ running: { method, action: action === 'switch' ? 'configure' : action } });
      try {
        if (action === 'disable') {
          const { data } = await api.post('/disable-2fa', DisableAnswerSchema, { method, ...proof });
          profile.setTwoFactor(data.twoFA);
        } else if (action === 'regenerate') {
          await api.post('/get-backup-codes', BackupCodesSchema, proof);
          const { data } = await api.get('/download-backup-codes', DownloadBackupCodesSchema);
          save(backupCodesFile(data.codes));
          showToast({ kind: 'success', message: successMessages.recoveryCodeDownloaded });
        }
      } catch (error) {
        const fields = isApiError(error) ? error.fields : {};
        if (fields.current_password || fields.code) {
          patch({
            running: null,
            proofErrors: { current_password: fields.current_password, code: fields.code },
          });
        } else {
          patch({ confirm: null });
          failed(error);
        }
        return;
      }
      if (action === 'switch') await start(method, proof);
      else patch({ ...initial });
    },

    /** The person declined: nothing changes. */
    cancelConfirm(): void {
      if (!$methods.get().running) patch({ confirm: null, proof: initial.proof, proofErrors: {} });
    },

    setCode(code: string): void {
      patch({ code, errors: {} });
    },

    /** The code proves the method works: it is on (the one it replaces now off), its recovery codes follow. */
    async submitCode(): Promise<void> {
      const state = $methods.get();
      if (state.busy || !state.method) return;
      const errors = fieldErrors(twoFactorCodeSchema, { code: state.code });
      if (errors.code) {
        patch({ errors });
        return;
      }
      patch({ busy: true, errors: {} });
      try {
        const method = state.method;
        const { data } = await api.post('/configure-2fa', ConfigureTwoFactorResponseSchema, {
          method,
          key: state.code.trim(),
        });
        // One method at a time: the server turned the other one off with it.
        profile.setTwoFactor({ totp: method === 'totp', email: method === 'email' });
        patch({ busy: false, status: 'recovery-codes', code: '', backupCodes: data.codes ?? null });
      } catch (error) {
        failed(error);
      }
    },

    /** Level 3: the codes for the `.txt` file, once; 'Your recovery code is downloaded.'. */
    async downloadCodes(save: SaveFile): Promise<void> {
      if ($methods.get().busy) return;
      patch({ busy: true });
      try {
        const { data } = await api.get('/download-backup-codes', DownloadBackupCodesSchema);
        save(backupCodesFile(data.codes));
        showToast({ kind: 'success', message: successMessages.recoveryCodeDownloaded });
        $methods.set({ ...initial });
      } catch (error) {
        failed(error);
      }
    },

    /** 'Generate New Recovery Codes' and 'Disable' ask for the proof first (the confirm step). */
    regenerateCodes(): void {
      if (!$methods.get().running && !$methods.get().busy) ask('regenerate', 'totp');
    },

    disable(method: TwoFactorMethod): void {
      if (!$methods.get().running && !$methods.get().busy) ask('disable', method);
    },

    /** Closes the setup dialog (a method not confirmed stays off; the server's setup simply lapses). */
    close(): void {
      if (!$methods.get().busy) $methods.set({ ...initial });
    },
  };
}
