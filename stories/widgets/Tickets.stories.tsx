import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import {
  closedConversation,
  emptyConversation,
  emptyTicketList,
  openConversation,
  ticketList,
} from '../../test/fixtures/tickets';
import { Tickets } from '../../widgets/tickets/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { clickInShadow } from '../support/shadow';
import { dark, narrow } from '../support/variants';

/** A pretend API answering the list, and any conversation with `conversation`. */
const api = (list: FixtureReply, conversation: FixtureReply = 'pending') =>
  fixtureApi((url) => (url.searchParams.has('conversation_id') ? conversation : list));

const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };

const meta = {
  title: 'Elements/vendor-tickets',
  component: Tickets,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-tickets' },
    docs: {
      description: {
        component: "The customer's support tickets and, with `conversation-id`, one conversation.",
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

export const Dark: Story = dark(Conversation);
export const Narrow: Story = narrow(List);
