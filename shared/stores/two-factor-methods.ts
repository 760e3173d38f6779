import { map } from 'nanostores';
import * as v from 'valibot';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { requestFailures, successMessages } from '../api/messages';
import type { TwoFactorMethod } from '../catalogue/two-factor';
import { twoFactorCodeSchema } from '../schemas/forms/auth';
import { fieldErrors } from '../schemas/forms/field-errors';
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
  /** The method to configure once the person agrees to turn the other one off first (the question is open). */
  switchTo: TwoFactorMethod | null;
  /**
   * The other method, still on, to turn off once the new one works: an account whose policy requires
   * 2FA may not turn its only method off first (the server answers 403), so it switches the other way.
   */
  replaces: TwoFactorMethod | null;
}

const initial: TwoFactorMethodsState = {
  status: 'idle',
  method: null,
  running: null,
  switchTo: null,
  replaces: null,
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
 * the other is on asks first, then turns the other off, then configures (spec §4); where the policy
 * refuses to leave the account without 2FA, the other goes once the new one works.
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

  async function disable(method: TwoFactorMethod): Promise<void> {
    const { data } = await api.post('/disable-2fa', DisableAnswerSchema, { method });
    profile.setTwoFactor(data.twoFA);
  }

  /** Starts configuring `method`: a code is mailed (level 2) or a key is made and shown (2.1). */
  async function start(method: TwoFactorMethod, replaces: TwoFactorMethod | null = null): Promise<void> {
    patch({ ...initial, method, replaces, running: { method, action: 'configure' }, busy: true });
    try {
      const { data } = await api.post('/configure-2fa', ConfigureTwoFactorResponseSchema, { method });
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
      failed(error);
    }
  }

  return {
    $methods,

    /** 'Configure': starts at once while the other method is off; otherwise asks first (`switchTo`). */
    async configure(method: TwoFactorMethod): Promise<void> {
      if ($methods.get().running || $methods.get().busy) return;
      if (twoFA()[otherMethod(method)]) patch({ switchTo: method });
      else await start(method);
    },

    /** The person agreed: the other method is turned off, then `switchTo` is configured. */
    async confirmSwitch(): Promise<void> {
      const method = $methods.get().switchTo;
      if (!method || $methods.get().running) return;
      patch({ switchTo: null, running: { method, action: 'configure' } });
      const other = otherMethod(method);
      try {
        await disable(other);
      } catch (error) {
        if (isApiError(error) && error.httpStatus === 403) await start(method, other);
        else failed(error);
        return;
      }
      await start(method);
    },

    /** The person declined: nothing changes. */
    cancelSwitch(): void {
      patch({ switchTo: null });
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
        profile.setTwoFactor({ ...twoFA(), [method]: true });
        if (state.replaces) await disable(state.replaces);
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

    /** 'Generate New Recovery Codes': 10 new codes replace the old ones, and their download starts. */
    async regenerateCodes(save: SaveFile): Promise<void> {
      if ($methods.get().running || $methods.get().busy) return;
      patch({ running: { method: 'totp', action: 'regenerate' } });
      try {
        await api.get('/get-backup-codes', BackupCodesSchema);
        const { data } = await api.get('/download-backup-codes', DownloadBackupCodesSchema);
        save(backupCodesFile(data.codes));
        showToast({ kind: 'success', message: successMessages.recoveryCodeDownloaded });
        patch({ running: null });
      } catch (error) {
        failed(error);
      }
    },

    async disable(method: TwoFactorMethod): Promise<void> {
      if ($methods.get().running || $methods.get().busy) return;
      patch({ running: { method, action: 'disable' } });
      try {
        await disable(method);
        patch({ running: null });
      } catch (error) {
        failed(error);
      }
    },

    /** Closes the setup dialog (a method not confirmed stays off; the server's setup simply lapses). */
    close(): void {
      if (!$methods.get().busy) $methods.set({ ...initial });
    },
  };
}
