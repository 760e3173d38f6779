import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { apiFor } from '../../shared/api';
import { type AuthState, authStoreFor } from '../../shared/stores/auth';
import { SignIn } from '../../widgets/sign-in/react';
import { fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

const qrImage =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const codes = [
  'ABCDE-FGHJK',
  'KMNPQ-RSTUV',
  'WXYZ2-34567',
  '89ABC-DEFGH',
  'JKMNP-QRSTU',
  'VWXYZ-23456',
  '789AB-CDEFG',
  'HJKMN-PQRST',
  'UVWXY-Z2345',
  '6789A-BCDEF',
];

/**
 * A story's element starts at one step of the flow: its api-base gets an auth store already in that
 * state (the same store the element reads), and an API that never answers, so the step stays put.
 */
function atStep(state: Partial<AuthState>): string {
  const base = fixtureApi(() => 'pending');
  const store = authStoreFor(apiFor(base));
  store.$auth.set({ ...store.$auth.get(), authId: 'ticket', hiddenEmail: 'to**@example.com', ...state });
  return base;
}

const meta = {
  title: 'Elements/vendor-sign-in',
  component: SignIn,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-sign-in' },
    docs: {
      description: {
        component:
          'Sign-in with every 2FA step, forgot and reset password (`view="forgot"` or `view="reset"` for the other views).',
      },
    },
  },
} satisfies Meta<typeof SignIn>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Form: Story = { args: { apiBase: atStep({}) } };

export const ValidationErrors: Story = {
  args: {
    apiBase: atStep({ errors: { email: "Email can't be empty", password: "Password can't be empty" } }),
  },
};

export const WrongPassword: Story = {
  args: {
    apiBase: atStep({
      userEmail: 'customer@example.com',
      errors: { password: 'Incorrect email or password.' },
    }),
  },
};

export const SessionExpired: Story = {
  args: { apiBase: atStep({ error: 'Your sign-in has expired, please sign in again.' }) },
};

export const SigningIn: Story = { args: { apiBase: atStep({ status: 'signing-in' }) } };

export const ChooseMethod: Story = { args: { apiBase: atStep({ status: 'choose-method', setup2fa: '1' }) } };

export const AuthenticatorSetupLoading: Story = {
  args: { apiBase: atStep({ status: 'configure-totp', setup2fa: '2.1', method: 'totp', busy: true }) },
};

export const AuthenticatorSetup: Story = {
  args: {
    apiBase: atStep({
      status: 'configure-totp',
      setup2fa: '2.1',
      method: 'totp',
      totpOptions: { qrImage, key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
    }),
  },
};

export const EmailSetup: Story = {
  args: { apiBase: atStep({ status: 'configure-email', setup2fa: '2', method: 'email' }) },
};

export const CodeEntry: Story = {
  args: { apiBase: atStep({ status: 'verify-code', required2fa: true, setup2fa: '1', method: 'totp' }) },
};

export const CodeEntryEmail: Story = {
  args: { apiBase: atStep({ status: 'verify-code', required2fa: true, setup2fa: '1', method: 'email' }) },
};

export const CodeEntryRecovery: Story = {
  args: {
    apiBase: atStep({
      status: 'verify-code',
      required2fa: true,
      setup2fa: '1',
      method: 'totp',
      recovery: true,
    }),
  },
};

export const CodeEmpty: Story = {
  args: {
    apiBase: atStep({
      status: 'verify-code',
      required2fa: true,
      method: 'totp',
      errors: { code: 'Please insert verification code' },
    }),
  },
};

export const CodeWrong: Story = {
  args: {
    apiBase: atStep({
      status: 'verify-code',
      required2fa: true,
      method: 'totp',
      errors: { code: 'Sorry, your verification code is not valid, please try again.' },
    }),
  },
};

export const EmailCodeExpired: Story = {
  args: {
    apiBase: atStep({
      status: 'verify-code',
      required2fa: true,
      method: 'email',
      errors: { code: 'Expired code or wrong one' },
    }),
  },
};

export const Verifying: Story = {
  args: {
    apiBase: atStep({ status: 'verify-code', required2fa: true, method: 'totp', code: '123456', busy: true }),
  },
};

export const RecoveryCodes: Story = {
  args: { apiBase: atStep({ status: 'recovery-codes', setup2fa: '3', method: 'totp', backupCodes: codes }) },
};

export const RecoveryCodesLoading: Story = {
  args: { apiBase: atStep({ status: 'recovery-codes', setup2fa: '3.1', method: 'totp', busy: true }) },
};

export const ForgotPassword: Story = { args: { apiBase: atStep({}), view: 'forgot' } };

/** Without `key` and `user` in the page URL the reset view says the link is not valid. */
export const ResetLinkInvalid: Story = { args: { apiBase: atStep({}), view: 'reset' } };

export const Dark: Story = dark(CodeEntry);
export const Narrow: Story = narrow(Form);
