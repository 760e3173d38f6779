import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { requestFailures, successMessages } from '../api/messages';
import type { ResponseMeta } from '../api/response-meta';
import {
  type TwoFactorLevel,
  type TwoFactorMethod,
  toTwoFactorLevel,
  twoFactorMethods,
} from '../catalogue/two-factor';
import { signInFormSchema, twoFactorCodeSchema } from '../schemas/forms/auth';
import { fieldErrors } from '../schemas/forms/field-errors';
import type { SignInResponse } from '../schemas/session';
import {
  BackupCodesSchema,
  ConfigureTwoFactorResponseSchema,
  DownloadBackupCodesSchema,
  SignInAnswerSchema,
  TotpSetupKeySchema,
  type TwoFactorPending,
} from '../schemas/two-factor';
import { signOut as endSession } from './account';
import { dashboardPaths, signedInDestination } from './auth-redirect';
import { session } from './session';
import { showToast } from './toasts';

/**
 * The sign-in flow of spec §4 as explicit states:
 * - `idle`: the sign-in form; `signing-in`: the password is being checked;
 * - `choose-method` (setup level 1), `configure-totp` (2.1), `configure-email` (2): forced setup;
 * - `verify-code`: a code is required (`X-2FA-Required`, level 1);
 * - `recovery-codes` (3 / 3.1): the new recovery codes, downloaded before the token is given;
 * - `signed-in`: done, `destination` says where to go.
 */
export type AuthStatus =
  | 'idle'
  | 'signing-in'
  | 'choose-method'
  | 'configure-totp'
  | 'configure-email'
  | 'verify-code'
  | 'recovery-codes'
  | 'signed-in';

/** Spec §3 "Auth state", plus what the views need to show it. */
export interface AuthState {
  status: AuthStatus;
  /** A 2FA call is in flight: the modal has its loading look and repeat submits are ignored. */
  busy: boolean;
  /** What the sign-in answered (token, accountType, redirect_to, user); null until signed in. */
  signin: SignInResponse | null;
  authId: string | null;
  required2fa: boolean;
  setup2fa: TwoFactorLevel | null;
  method: TwoFactorMethod | null;
  totpOptions: { qrImage: string; key: string } | null;
  backupCodes: string[] | null;
  hiddenEmail: string | null;
  userEmail: string | null;
  /** The code input of the 2FA views; cleared on a 2FA error and on the recovery toggle. */
  code: string;
  /** Typing a recovery code instead of the normal one. */
  recovery: boolean;
  /** Messages under the fields: the form rules of spec §5, or the server's per-field errors. */
  errors: Record<string, string>;
  /** A message for the whole form (e.g. an expired sign-in). */
  error: string | null;
  /** Where to go once signed in: a same-origin redirect, or the dashboard of the account type. */
  destination: string | null;
}

const initialState: AuthState = {
  status: 'idle',
  busy: false,
  signin: null,
  authId: null,
  required2fa: false,
  setup2fa: null,
  method: null,
  totpOptions: null,
  backupCodes: null,
  hiddenEmail: null,
  userEmail: null,
  code: '',
  recovery: false,
  errors: {},
  error: null,
  destination: null,
};

const setupStatus: Record<TwoFactorLevel, AuthStatus> = {
  '1': 'choose-method',
  '2': 'configure-email',
  '2.1': 'configure-totp',
  '3': 'recovery-codes',
  '3.1': 'recovery-codes',
};

/** The recovery-code file of spec §9: plain text, one code per line. */
export function backupCodesFile(codes: readonly string[]): { name: string; text: string } {
  return { name: 'recovery-codes.txt', text: `${codes.join('\n')}\n` };
}

export interface AuthOptions {
  /** The page's origin, for the same-origin check of `redirect`. */
  origin: string;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore(api: ApiClient, { origin }: AuthOptions) {
  const $auth = map<AuthState>({ ...initialState });
  /** The `redirect` query value the sign-in started with. */
  let redirect: string | null = null;

  const patch = (values: Partial<AuthState>) => $auth.set({ ...$auth.get(), ...values });

  function finish(answer: SignInResponse): void {
    session.setToken(answer.token);
    session.setUser(answer.user);
    // A redirect flag from the server sends non-admin users to the company form (spec §2 route table).
    const toCompanyForm = answer.redirect && !['ADMIN', 'SUPER_ADMIN'].includes(answer.accountType);
    patch({
      status: 'signed-in',
      busy: false,
      signin: answer,
      code: '',
      destination: toCompanyForm
        ? dashboardPaths.companyCreate
        : signedInDestination(redirect, answer.accountType, origin),
    });
  }

  /** Reads the 2FA step from the headers (spec §7), the body filling what they lack. */
  async function applyStep(meta: ResponseMeta, body: TwoFactorPending, codes?: string[]): Promise<void> {
    const step = body.two_factor;
    const required = meta.twoFactor.required || step.required;
    const level = toTwoFactorLevel(meta.twoFactor.setup) ?? step.setup;
    const type = meta.twoFactor.type ?? step.method;
    const method = twoFactorMethods.find((m) => m === type) ?? $auth.get().method;
    const authId = meta.twoFactor.authId ?? (step.auth_id || $auth.get().authId);
    // "If 2FA is required and the step is 1, the 2FA code view shows."
    const status = required && level === '1' ? 'verify-code' : setupStatus[level];
    patch({
      status,
      busy: false,
      required2fa: required,
      setup2fa: level,
      method,
      authId,
      hiddenEmail: step.hidden_email || $auth.get().hiddenEmail,
      code: '',
      errors: {},
      error: null,
      ...(codes ? { backupCodes: codes } : {}),
    });
    // 2.1: the QR code and key are fetched if missing; 3.1: the backup codes are requested if missing.
    if (level === '2.1' && !$auth.get().totpOptions) await loadTotpKey();
    if (level === '3.1' && !$auth.get().backupCodes) await loadBackupCodes();
  }

  async function loadTotpKey(): Promise<void> {
    patch({ busy: true });
    try {
      const { data } = await api.get('/totp-setup-key', TotpSetupKeySchema, {
        auth_id: $auth.get().authId ?? '',
      });
      patch({ busy: false, totpOptions: { qrImage: data.qr_image, key: data.key } });
    } catch (error) {
      failed(error);
    }
  }

  async function loadBackupCodes(): Promise<void> {
    patch({ busy: true });
    try {
      const { data } = await api.get('/get-backup-codes', BackupCodesSchema, {
        auth_id: $auth.get().authId ?? '',
      });
      patch({ busy: false, backupCodes: data.codes });
    } catch (error) {
      failed(error);
    }
  }

  /**
   * A failed 2FA call: the server's message as an error toast, the code input cleared, its field
   * message under the input (spec §8). A sign-in that expired goes back to the form.
   */
  function failed(error: unknown): void {
    const message = isApiError(error) ? error.message : requestFailures.default;
    if (isApiError(error) && error.code === 'two_factor_expired') {
      $auth.set({ ...initialState, userEmail: $auth.get().userEmail, error: message });
      return;
    }
    showToast({ kind: 'error', message });
    patch({
      busy: false,
      code: '',
      errors: isApiError(error) && error.fields.code ? { code: error.fields.code } : {},
    });
  }

  return {
    $auth,

    /** Checks the form (spec §5), then `POST /signin`; answers with a token or a 2FA step. */
    async signIn(form: { email: string; password: string }, redirectQuery: string | null): Promise<void> {
      if ($auth.get().status === 'signing-in') return;
      const errors = fieldErrors(signInFormSchema, form);
      if (Object.keys(errors).length > 0) {
        patch({ errors, error: null });
        return;
      }
      redirect = redirectQuery;
      patch({ status: 'signing-in', errors: {}, error: null, userEmail: form.email.trim() });
      try {
        const { data, meta } = await api.post('/signin', SignInAnswerSchema, {
          username: form.email.trim(),
          password: form.password,
          from_app: false,
        });
        if ('token' in data) finish(data);
        else await applyStep(meta, data);
      } catch (error) {
        patch({
          status: 'idle',
          errors: isApiError(error) ? { ...error.fields } : {},
          // Field errors show under their fields; anything else above the form.
          error: isApiError(error) && Object.keys(error.fields).length > 0 ? null : (error as Error).message,
        });
      }
    },

    /** Level 1: the chosen method is configured next (an e-mail code is sent, or a key is made). */
    async chooseMethod(method: TwoFactorMethod): Promise<void> {
      const state = $auth.get();
      if (state.busy || state.status !== 'choose-method') return;
      patch({ busy: true, method, totpOptions: null });
      try {
        const { data, meta } = await api.post('/configure-2fa', ConfigureTwoFactorResponseSchema, {
          auth_id: state.authId ?? undefined,
          method,
        });
        await applyStep(meta, data);
      } catch (error) {
        failed(error);
      }
    },

    setCode(code: string): void {
      patch({ code, errors: {} });
    },

    /** Normal code ⇄ recovery code; switching clears the code (spec §2). */
    toggleRecovery(): void {
      patch({ recovery: !$auth.get().recovery, code: '', errors: {} });
    },

    /** Sends the code: to confirm a method being configured, or to pass a sign-in's challenge. */
    async submitCode(): Promise<void> {
      const state = $auth.get();
      if (state.busy) return;
      const errors = fieldErrors(twoFactorCodeSchema, { code: state.code });
      if (errors.code) {
        patch({ errors });
        return;
      }
      const code = state.code.trim();
      patch({ busy: true, errors: {} });
      try {
        if (state.status === 'verify-code') {
          const { data } = await api.post('/verify-2fa', SignInAnswerSchema, {
            auth_id: state.authId ?? undefined,
            code,
            method: state.method ?? 'totp',
            mode: 'signin',
            recovery: state.recovery,
          });
          if ('token' in data) finish(data);
          return;
        }
        const { data, meta } = await api.post('/configure-2fa', ConfigureTwoFactorResponseSchema, {
          auth_id: state.authId ?? undefined,
          method: state.method ?? 'totp',
          key: code,
        });
        await applyStep(meta, data, data.codes);
      } catch (error) {
        failed(error);
      }
    },

    /**
     * Level 3: takes the codes for the `.txt` file and, ending a forced setup, the token. The view
     * saves the file; the toast says 'Your recovery code is downloaded.'.
     */
    async downloadCodes(save: (file: { name: string; text: string }) => void): Promise<void> {
      const state = $auth.get();
      if (state.busy || state.status !== 'recovery-codes') return;
      patch({ busy: true });
      try {
        const { data } = await api.get('/download-backup-codes', DownloadBackupCodesSchema, {
          auth_id: state.authId ?? '',
        });
        save(backupCodesFile(data.codes));
        showToast({ kind: 'success', message: successMessages.recoveryCodeDownloaded });
        if (data.token) finish({ ...data, token: data.token });
        else patch({ busy: false });
      } catch (error) {
        failed(error);
      }
    },

    /** Back to an empty sign-in form (a new attempt, or after sign-out). */
    reset(): void {
      redirect = null;
      $auth.set({ ...initialState });
    },

    /** Signs out on the server and here, and forgets every auth state (spec §4: "resets all state"). */
    async signOut(): Promise<void> {
      await endSession(api);
      redirect = null;
      $auth.set({ ...initialState });
    },
  };
}

const stores = new Map<string, AuthStore>();

/** One auth flow per API on a page: two sign-in elements show the same step. */
export function authStoreFor(api: ApiClient, origin: string = globalThis.location?.origin ?? ''): AuthStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createAuthStore(api, { origin });
    stores.set(api.baseURL, store);
  }
  return store;
}

/** Forgets every auth flow on the page (the portal's sign-out, tests). */
export function clearAuthStores(): void {
  for (const store of stores.values()) store.reset();
}
