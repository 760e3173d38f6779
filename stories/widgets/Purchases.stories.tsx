import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import {
  countries,
  emptyInvoiceData,
  invoiceData,
  purchases,
  statesByCountry,
} from '../../test/fixtures/purchases';
import { Purchases } from '../../widgets/purchases/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { clickInShadow } from '../support/shadow';
import { dark, narrow } from '../support/variants';

const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };

/** A pretend API: the history, one purchase's invoice data, and the countries and states. */
const api = ({
  history = { body: purchases },
  invoice = { body: invoiceData },
}: Partial<Record<'history' | 'invoice', FixtureReply>> = {}) =>
  fixtureApi((url) => {
    if (url.pathname.endsWith('/history')) return history;
    if (url.pathname.endsWith('/invoice')) return invoice;
    if (url.pathname.endsWith('/countries')) return { body: countries };
    if (url.pathname.endsWith('/states'))
      return { body: statesByCountry[url.searchParams.get('country') ?? ''] ?? [] };
    return { status: 404, body: { code: 'not_found' } };
  });

const meta = {
  title: 'Elements/vendor-purchases',
  component: Purchases,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-purchases' },
    docs: {
      description: {
        component:
          'The purchase history and, with `view="invoice" payment-id="…"`, the Generate Invoice form that downloads `Invoice-{number}.pdf`.',
      },
    },
  },
} satisfies Meta<typeof Purchases>;

export default meta;
type Story = StoryObj<typeof meta>;

export const History: Story = { args: { apiBase: api() } };

export const HistoryLoading: Story = { args: { apiBase: api({ history: 'pending' }) } };

export const HistoryEmpty: Story = { args: { apiBase: api({ history: { body: [] } }) } };

export const HistoryFailed: Story = { args: { apiBase: api({ history: failed }) } };

export const InvoiceForm: Story = { args: { apiBase: api(), view: 'invoice', paymentId: 103 } };

export const InvoiceLoading: Story = {
  args: { apiBase: api({ invoice: 'pending' }), view: 'invoice', paymentId: 103 },
};

export const InvoiceMessages: Story = {
  args: { apiBase: api({ invoice: { body: emptyInvoiceData } }), view: 'invoice', paymentId: 103 },
  play: clickInShadow('Generate'),
};

export const InvoiceDataFailed: Story = {
  args: { apiBase: api({ invoice: failed }), view: 'invoice', paymentId: 103 },
};

export const Dark: Story = dark(InvoiceForm);
export const Narrow: Story = narrow(History);
