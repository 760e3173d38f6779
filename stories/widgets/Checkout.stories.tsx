import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Cart, CartDetail } from '../../shared/schemas/cart';
import { Checkout } from '../../widgets/checkout/react';
import { fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

function line(
  id: number,
  name: string,
  priceName: string,
  price: number,
  priceId: number,
  extra: Partial<CartDetail['options']> = {},
): CartDetail {
  return {
    id,
    name,
    price_name: priceName,
    price,
    item_price: price,
    discount: Math.round(price * 10) / 100,
    subtotal: Math.round(price * 90) / 100,
    item_number: { id, image: null, options: { price_id: priceId } },
    options: {
      price_id: priceId,
      recurring: { period: 'year', times: 0 },
      is_renewal: false,
      is_upgrade: false,
      license_key: null,
      ...extra,
    },
  };
}

const details = [
  line(342422, 'Documentation Plugin', 'Unlimited Sites', 149, 2),
  line(1882016, 'AI Chatbot Add-on', 'Monthly', 8.99, 1, { recurring: { period: 'month', times: 0 } }),
  line(1677666, 'Blocks Plugin', '1 Site', 49, 1, {
    is_renewal: true,
    license_key: '0f3c9a1e2b7d4c6a8e5f1a2b3c4d5e6f',
  }),
];
const filledCart: Cart = {
  contents: details.map((d) => ({
    id: d.id,
    options: { price_id: d.options.price_id, recurring: d.options.recurring },
  })),
  details,
  splits: [],
  subtotal: 206.99,
  total: 186.29,
  discounted_amount: 20.7,
  discounts: ['SAVE10'],
  coupons: [{ code: 'SAVE10', type: 'percent', amount: 10 }],
  has_discounts: true,
  cart_token: null,
};
const emptyCart: Cart = {
  ...filledCart,
  contents: [],
  details: [],
  subtotal: 0,
  total: 0,
  discounted_amount: 0,
  discounts: [],
  coupons: [],
  has_discounts: false,
};
const splitCart: Cart = {
  ...emptyCart,
  details: [
    {
      ...line(474227, 'Agency Bundle', 'Agency Lifetime (6 monthly payments)', 999, 4, {
        recurring: { period: 'month', times: 6 },
      }),
      item_price: 166.5,
      discount: 0,
      subtotal: 166.5,
    },
  ],
  splits: [
    { price_id: 3, times: 3 },
    { price_id: 4, times: 6 },
    { price_id: 5, times: 12 },
  ],
  subtotal: 166.5,
  total: 166.5,
};

const serve = (cart: Cart) => fixtureApi(() => ({ body: cart }));

const meta = {
  title: 'Elements/vendor-checkout',
  component: Checkout,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-checkout' },
    docs: {
      description: {
        component:
          'Cart and checkout (the payment column has its own stories under Payment). These fixtures answer every call with the same cart.',
      },
    },
  },
} satisfies Meta<typeof Checkout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { apiBase: serve(filledCart) } };
export const Empty: Story = { args: { apiBase: serve(emptyCart) } };
export const SplitPayment: Story = { args: { apiBase: serve(splitCart) } };
export const Loading: Story = { args: { apiBase: fixtureApi(() => 'pending') } };
export const Failed: Story = {
  args: { apiBase: fixtureApi(() => ({ status: 500, body: { code: 'internal_server_error' } })) },
};

export const Dark: Story = dark(Filled);
export const Narrow: Story = narrow(Filled);
