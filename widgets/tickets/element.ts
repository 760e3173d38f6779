import { createVendorElement } from '../../shared/element/create-element';
import { Tickets, type TicketsProps } from './Tickets';
import styles from './tickets.css?inline';

/**
 * `<vendor-tickets>`: the customer's support tickets (spec §2 My Tickets) and, with `conversation-id`,
 * one conversation (spec §2 Conversation) with its replies and attachments. Needs a signed-in visitor.
 *
 * @tagname vendor-tickets
 * @summary Support tickets: the list, new tickets with attachments, a conversation and replies.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {boolean} no-heading - `true` when the page around the element already shows its title (the portal sets it under its h1): the element leaves out its own heading, so the page has one. Without it the element titles itself.
 * @attr {number} conversation-id - Show this conversation instead of the ticket list.
 * @attr {string} conversation-url - Link template of 'View Threads', e.g. `/user/conversations/{id}`; without it the conversation opens inside the element.
 * @fires {{ id: number }} vendor-ticket-open - When 'View Threads' opened a conversation inside the element.
 * @fires {{ subject: string }} vendor-ticket-created - After a ticket was created.
 * @fires {{ conversationId: number }} vendor-ticket-replied - After a reply was sent.
 * @csspart root - The element's content.
 * @csspart table - The ticket list.
 * @csspart badge - A status badge.
 * @csspart add-ticket - The 'Add Ticket' button.
 * @csspart view-threads - A row's 'View Threads' control.
 * @csspart new-reply - The 'New Reply' button.
 * @csspart button - Any other button.
 * @csspart threads - The list of messages of a conversation.
 * @csspart thread - One message.
 * @csspart thread-self - A message of the customer.
 * @csspart thread-support - A message of the support team.
 * @csspart thread-closed - The 'Thread is marked as closed by …' line.
 * @csspart avatar - An author's picture or initials.
 * @csspart attachment - An attachment's download link.
 * @csspart attachments - The attachment picker of the forms.
 * @csspart progress - The upload progress bar.
 * @csspart field - A labelled field.
 * @csspart field-error - A field's error message.
 * @csspart modal - The new ticket and reply dialogs.
 * @csspart modal-title - A dialog's title.
 * @csspart modal-body - A dialog's form.
 * @csspart modal-footer - A dialog's buttons.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Buttons, links and the customer's own messages.
 * @cssprop --vendor-color-surface - Support messages.
 * @cssprop --vendor-radius - Message bubbles and buttons.
 * @example
 * <vendor-tickets api-base="https://portal.example.com/api/v1" conversation-url="/support/{id}"></vendor-tickets>
 */
export const VendorTicketsElement = createVendorElement<TicketsProps>(Tickets, {
  styles,
  attributes: { conversationId: 'number', conversationUrl: 'string', noHeading: 'boolean' },
});
