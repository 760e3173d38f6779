import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { newTicketSchema, replySchema } from './tickets';

describe('new ticket', () => {
  it('empty subject and message', () => {
    expect(fieldErrors(newTicketSchema, { subject: ' ', message: '' })).toEqual({
      subject: 'Please enter subject',
      message: 'Please enter message',
    });
  });
  it('passes with attachments kept in the output', () => {
    const file = new Blob(['x']);
    const result = v.safeParse(newTicketSchema, {
      subject: 'Help',
      message: 'Hi',
      message_attachment: [file],
    });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ subject: 'Help', message: 'Hi', message_attachment: [file] });
  });
});

describe('reply', () => {
  it("empty: 'Message is required'", () => {
    expect(fieldErrors(replySchema, { message: '' })).toEqual({ message: 'Message is required' });
  });
  it('passes a message', () => {
    expect(fieldErrors(replySchema, { message: 'Thanks' })).toEqual({});
  });
});
