import type { Meta, StoryObj } from '@storybook/react-vite';
import { activeSubscription, subscriptions } from '../../test/fixtures/purchases';
import { Subscriptions } from '../../widgets/subscriptions/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';

/** A pretend API answering every call with `list` (the stories never confirm a change). */
const api = (list: FixtureReply) => fixtureApi(() => list);

const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };

/** Clicks a button inside the element's shadow root once it is there (opens the modal in a story). */
function clickInShadow(label: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const root = canvasElement.querySelector('div')?.shadowRoot;
      const button = [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent === label);
      if (button) {
        button.click();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

const meta = {
  title: 'Elements/vendor-subscriptions',
  component: Subscriptions,
  parameters: {
    docs: {
      description: {
        component:
          'The customer\'s subscriptions with Cancel (and Reactivate) behind a yes/no question. Paste: `<script type="module" src="/widgets/loader.js"></script>` then `<vendor-subscriptions api-base="https://portal.example.com/api/v1"></vendor-subscriptions>`.',
      },
    },
  },
} satisfies Meta<typeof Subscriptions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { apiBase: api({ body: subscriptions }) } };

export const Loading: Story = { args: { apiBase: api('pending') } };

export const Empty: Story = { args: { apiBase: api({ body: [] }) } };

export const Failed: Story = { args: { apiBase: api(failed) } };

export const ConfirmCancel: Story = {
  args: { apiBase: api({ body: subscriptions }) },
  play: clickInShadow('Cancel'),
};

export const ConfirmReactivate: Story = {
  args: { apiBase: api({ body: subscriptions }) },
  play: clickInShadow('Reactivate'),
};

export const Dark: Story = {
  args: { apiBase: api({ body: subscriptions }), theme: 'dark' },
  parameters: { backgrounds: { default: 'dark' } },
};

export const Narrow: Story = {
  args: { apiBase: api({ body: [activeSubscription] }) },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};
