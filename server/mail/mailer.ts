import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db';
import { storeInOutbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Production sends through SMTP_URL. Development builds the same message with nodemailer's JSON
 * transport (so addresses and headers go through the same checks) and stores it in the outbox table
 * instead of sending it, where /dev/outbox shows it from any server process.
 */
export function createMailer(config: Config, db: Database): Mailer {
  if (!config.devOutbox) {
    if (!config.mail.smtpUrl) throw new Error('SMTP_URL is not set');
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mail.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      await transport.sendMail({ from: config.mail.from, ...message });
      await storeInOutbox(db, { from: config.mail.from, ...message });
    },
  };
}
