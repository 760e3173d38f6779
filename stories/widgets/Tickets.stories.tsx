import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  closedConversation,
  emptyConversation,
  emptyTicketList,
  openConversation,
  ticketList,
} from '../../test/fixtures/tickets';
import { Tickets } from '../../widgets/tickets/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';

/** A pretend API answering the list, and any conversation with `conversation`. */
const api = (list: FixtureReply, conversation: FixtureReply = 'pending') =>
  fixtureApi((url) => (url.searchParams.has('conversation_id') ? conversation : list));

const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };

/** Clicks a button inside the element's shadow root once it is there (opens a modal in a story). */
function clickInShadow(label: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const root = canvasElement.querySelector('div')?.shadowRoot;
      const button = [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent === label);
      if (button && !button.disabled) {
        button.click();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

const meta = {
  title: 'Elements/vendor-tickets',
  component: Tickets,
  parameters: {
    docs: {
      description: {
        component:
          'The customer\'s support tickets and, with `conversation-id`, one conversation. Paste: `<script type="module" src="/widgets/loader.js"></script>` then `<vendor-tickets api-base="https://portal.example.com/api/v1"></vendor-tickets>`.',
      },
    },
  },
} satisfies Meta<typeof Tickets>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = { args: { apiBase: api({ body: ticketList }) } };

export const ListLoading: Story = { args: { apiBase: api('pending') } };

export const ListEmpty: Story = { args: { apiBase: api({ body: emptyTicketList }) } };

export const ListFailed: Story = { args: { apiBase: api(failed) } };

export const CreateTicket: Story = {
  args: { apiBase: api({ body: ticketList }) },
  play: clickInShadow('Add Ticket'),
};

export const Conversation: Story = {
  args: { apiBase: api({ body: ticketList }, { body: openConversation() }), conversationId: 41 },
};

export const ConversationClosed: Story = {
  args: { apiBase: api({ body: ticketList }, { body: closedConversation }), conversationId: 40 },
};

export const ConversationLoading: Story = { args: { apiBase: api('pending'), conversationId: 41 } };

export const ConversationEmpty: Story = {
  args: { apiBase: api({ body: ticketList }, { body: emptyConversation }), conversationId: 41 },
};

export const ConversationFailed: Story = {
  args: {
    apiBase: api({ body: ticketList }, { status: 404, body: { code: 'not_found' } }),
    conversationId: 99,
  },
};

export const NewReply: Story = {
  args: { apiBase: api({ body: ticketList }, { body: openConversation() }), conversationId: 41 },
  play: clickInShadow('New Reply'),
};

export const Dark: Story = {
  args: {
    apiBase: api({ body: ticketList }, { body: openConversation() }),
    conversationId: 41,
    theme: 'dark',
  },
  parameters: { backgrounds: { default: 'dark' } },
};

export const Narrow: Story = {
  args: { apiBase: api({ body: ticketList }) },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};
