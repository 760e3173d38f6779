import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Cart } from '../../shared/schemas/cart';
import { Checkout } from '../../widgets/checkout/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

/*
 * The checkout's payment column (part 2) in its states. Each fixture answers by route: the cart, the
 * countries and states of the billing address, and a purchase that never returns (the pay button then
 * stays on 'Processing...').
 */

const blocks: Cart['details'][number] = {
  id: 1677666,
  name: 'Blocks Plugin',
  price_name: '1 Site',
  price: 49,
  item_price: 49,
  discount: 0,
  subtotal: 49,
  item_number: { id: 1677666, image: null, options: { price_id: 1 } },
  options: {
    price_id: 1,
    recurring: { period: 'year', times: 0 },
    is_renewal: false,
    is_upgrade: false,
    license_key: null,
  },
};

const paidCart: Cart = {
  contents: [{ id: blocks.id, options: { price_id: 1, recurring: blocks.options.recurring } }],
  details: [blocks],
  splits: [],
  subtotal: 49,
  total: 49,
  discounted_amount: 0,
  discounts: [],
  coupons: [],
  has_discounts: false,
  cart_token: null,
};

const freeCart: Cart = {
  ...paidCart,
  details: [{ ...blocks, discount: 49, subtotal: 0 }],
  total: 0,
  discounted_amount: 49,
  discounts: ['FREE100'],
  coupons: [{ code: 'FREE100', type: 'percent', amount: 100 }],
  has_discounts: true,
};

const countries = [
  { value: 'DE', label: 'Germany' },
  { value: 'US', label: 'United States' },
  { value: 'AW', label: 'Aruba' },
];
const states: Record<string, { value: string; label: string }[]> = {
  DE: [
    { value: 'BE', label: 'Berlin' },
    { value: 'HH', label: 'Hamburg' },
  ],
  US: [{ value: 'CA', label: 'California' }],
};

function serve(cart: Cart, overrides: Record<string, FixtureReply> = {}): string {
  return fixtureApi((url) => {
    const path = url.pathname.replace(/^\/story-api\/\d+\/api\/v1/, '');
    const override = overrides[path];
    if (override) return override;
    if (path === '/countries') return { body: countries };
    if (path === '/states') return { body: states[url.searchParams.get('country') ?? ''] ?? [] };
    if (path === '/purchase') return 'pending';
    return { body: cart };
  });
}

const meta = {
  title: 'Elements/vendor-checkout/Payment',
  component: Checkout,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-checkout' },
    docs: {
      description: {
        component:
          'Personal Information, Billing Details, the payment method, one terms box, the newsletter opt-in and the pay button. Submit empty to see every validation message and the toast; a valid submit stays on Processing... (the fixture never answers the purchase).',
      },
    },
  },
} satisfies Meta<typeof Checkout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CardPayment: Story = { args: { apiBase: serve(paidCart) } };
export const FreeOrderManual: Story = { args: { apiBase: serve(freeCart) } };
export const CountriesFailed: Story = {
  args: {
    apiBase: serve(paidCart, { '/countries': { status: 500, body: { code: 'internal_server_error' } } }),
  },
};

export const Dark: Story = dark(CardPayment);
export const Narrow: Story = narrow(CardPayment);
