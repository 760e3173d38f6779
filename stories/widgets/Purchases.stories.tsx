import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  countries,
  emptyInvoiceData,
  invoiceData,
  purchases,
  statesByCountry,
} from '../../test/fixtures/purchases';
import { Purchases } from '../../widgets/purchases/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';

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

/** Presses Generate inside the element's shadow root once the form is there (shows the messages). */
async function pressGenerate({ canvasElement }: { canvasElement: HTMLElement }) {
  for (let tries = 0; tries < 100; tries += 1) {
    const root = canvasElement.querySelector('div')?.shadowRoot;
    const button = [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Generate');
    if (button) {
      button.click();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const meta = {
  title: 'Elements/vendor-purchases',
  component: Purchases,
  parameters: {
    docs: {
      description: {
        component:
          'The purchase history and, with `view="invoice" payment-id="…"`, the Generate Invoice form that downloads `Invoice-{number}.pdf`. Paste: `<script type="module" src="/widgets/loader.js"></script>` then `<vendor-purchases api-base="https://portal.example.com/api/v1"></vendor-purchases>`.',
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
  play: pressGenerate,
};

export const InvoiceDataFailed: Story = {
  args: { apiBase: api({ invoice: failed }), view: 'invoice', paymentId: 103 },
};

export const Dark: Story = {
  args: { apiBase: api(), view: 'invoice', paymentId: 103, theme: 'dark' },
  parameters: { backgrounds: { default: 'dark' } },
};

export const Narrow: Story = {
  args: { apiBase: api() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};
