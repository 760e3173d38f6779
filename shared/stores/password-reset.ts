import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { successMessages } from '../api/messages';
import { forgotPasswordSchema, resetPasswordFormSchema } from '../schemas/forms/auth';
import { fieldErrors } from '../schemas/forms/field-errors';
import { ResetPasswordResponseSchema } from '../schemas/two-factor';
import { showToast } from './toasts';

/** `idle` → `sending` → `sent` (forgot) or `done` (reset); back to `idle` on a failure. */
export type PasswordResetStatus = 'idle' | 'sending' | 'sent' | 'done';

export interface PasswordResetState {
  status: PasswordResetStatus;
  errors: Record<string, string>;
  /** A failure that belongs to no field (an expired link, the network). */
  error: string | null;
}

const initial: PasswordResetState = { status: 'idle', errors: {}, error: null };

function failure(error: unknown): Pick<PasswordResetState, 'errors' | 'error'> {
  if (isApiError(error) && Object.keys(error.fields).length > 0)
    return { errors: { ...error.fields }, error: null };
  return { errors: {}, error: (error as Error).message };
}

/** Forgot password (spec §2): mails a reset link; the answer is the same for any address. */
export function createForgotPasswordStore(api: ApiClient) {
  const $forgot = map<PasswordResetState>({ ...initial });
  return {
    $forgot,
    /** Resolves true when the link was requested (the view then clears the field). */
    async send(form: { email: string }): Promise<boolean> {
      if ($forgot.get().status === 'sending') return false;
      const errors = fieldErrors(forgotPasswordSchema, form);
      if (Object.keys(errors).length > 0) {
        $forgot.set({ status: 'idle', errors, error: null });
        return false;
      }
      $forgot.set({ status: 'sending', errors: {}, error: null });
      try {
        await api.post('/reset-password', ResetPasswordResponseSchema, { user: form.email.trim() });
        showToast({ kind: 'success', message: successMessages.forgetPasswordRequest });
        $forgot.set({ status: 'sent', errors: {}, error: null });
        return true;
      } catch (error) {
        // The server names the field `user`; the form calls it `email`.
        const { errors: serverErrors, error: message } = failure(error);
        const mapped = serverErrors.user ? { email: serverErrors.user } : serverErrors;
        $forgot.set({ status: 'idle', errors: mapped, error: message });
        return false;
      }
    },
    reset(): void {
      $forgot.set({ ...initial });
    },
  };
}

/** Reset password (spec §2): the new password with the key and user of the mailed link. */
export function createResetPasswordStore(api: ApiClient) {
  const $reset = map<PasswordResetState>({ ...initial });
  return {
    $reset,
    /** Resolves true on success: the view clears the fields and goes to '/'. */
    async submit(
      form: { password: string; password_confirmation: string },
      link: { key: string; user: string },
    ): Promise<boolean> {
      if ($reset.get().status === 'sending') return false;
      const errors = fieldErrors(resetPasswordFormSchema, form);
      if (Object.keys(errors).length > 0) {
        $reset.set({ status: 'idle', errors, error: null });
        return false;
      }
      $reset.set({ status: 'sending', errors: {}, error: null });
      try {
        await api.post('/reset-password', ResetPasswordResponseSchema, {
          key: link.key,
          user: link.user,
          action: 'rp',
          new_pass: form.password,
          new_pass_2: form.password_confirmation,
        });
        showToast({ kind: 'success', message: successMessages.passwordReset });
        $reset.set({ status: 'done', errors: {}, error: null });
        return true;
      } catch (error) {
        $reset.set({ status: 'idle', ...failure(error) });
        return false;
      }
    },
    reset(): void {
      $reset.set({ ...initial });
    },
  };
}
