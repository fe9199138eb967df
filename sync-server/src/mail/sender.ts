import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from '../log.js';
import type { MessageChannel, OutboxEntry, OutboxStore } from '../store/outbox/types.js';

export type { MessageChannel, OutboxEntry };

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address or an E.164 phone number. */
  to: string;
  subject: string;
  body: string;
}

/** Delivers mail and SMS. Real transports plug in by configuration; the outbox is the default. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** Writes every message to the outbox (development and test delivery; read at /dev/outbox). */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly outbox: OutboxStore,
    private readonly now: () => number,
  ) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.outbox.add({ at: this.now(), ...message });
  }
}

/** Sends email through SMTP (nodemailer); SMS, with no gateway configured, still goes to the outbox. */
export class SmtpSender implements MessageSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly fallback: MessageSender,
    private readonly log: Logger,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'sms') {
      this.log.warn({ to: message.to }, 'no SMS gateway configured: SMS written to the outbox');
      await this.fallback.send(message);
      return;
    }
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body });
  }
}

export interface SenderOptions {
  /** Where messages go without SMTP (and SMS always). */
  outbox: OutboxStore;
  now: () => number;
  smtpUrl: string | null;
  from: string;
  log: Logger;
}

export function createSender(options: SenderOptions): MessageSender {
  const outbox = new OutboxSender(options.outbox, options.now);
  return options.smtpUrl ? new SmtpSender(options.smtpUrl, options.from, outbox, options.log) : outbox;
}
