import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { paymentInfo } from '../../test/fixtures/payment-info';
import { PaymentResult } from '../../widgets/payment-result/react';
import { fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

const meta = {
  title: 'Elements/vendor-payment-result',
  component: PaymentResult,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-payment-result', attributes: { view: 'success' } },
    docs: {
      description: {
        component:
          'The pages a gateway returns to. Paste `<vendor-payment-result view="success"></vendor-payment-result>` on /payment-success (it reads `session_id`, or `edd_confirm=paypal_express&token&PayerID&payment_id`, or `edd_confirm=manual&payment_id` from the address; here the `query` attribute stands in) and `view="failed"` on /payment-failed. The first confirmation request goes out after 3 s.',
      },
    },
  },
} satisfies Meta<typeof PaymentResult>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = '?session_id=cs_test_story';

export const Receipt: Story = {
  args: { apiBase: fixtureApi(() => ({ body: paymentInfo() })), query: card },
};
/** A guest bought with the address of an existing account: the purchase went there, no credentials were mailed. */
export const ExistingAccount: Story = {
  args: { apiBase: fixtureApi(() => ({ body: paymentInfo({ new_account: false }) })), query: card },
};
export const Waiting: Story = {
  args: { apiBase: fixtureApi(() => 'pending'), query: card },
};
export const ConfirmationFailed: Story = {
  args: {
    apiBase: fixtureApi(() => ({ status: 404, body: { code: 'not_found', message: 'No payment' } })),
    query: card,
  },
};
export const LifetimeNoSubscription: Story = {
  args: {
    apiBase: fixtureApi(() => ({ body: paymentInfo({ subscriptions: [], total: 299, subtotal: 299 }) })),
    query: '?edd_confirm=manual&payment_id=42',
  },
};
export const Failed: Story = { args: { view: 'failed' } };

export const Dark: Story = dark(Receipt);
export const Narrow: Story = narrow(Receipt);
