export const ticketMessages = {
  subjectEmpty: 'Please enter subject',
  messageEmpty: 'Please enter message',
  replyEmpty: 'Message is required',
} as const;
