export const ticketFailures = {
  ticketsFailed: 'Unable to get tickets, please try again',
  createTicketFailed: 'Failed to create ticket',
  conversationsFailed: 'Failed to get conversations',
} as const;
