import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../db/database.js';
import type { Logger } from '../log.js';

export type MessageChannel = 'email' | 'sms';

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

export interface OutboxEntry {
  id: number;
  at: number;
  channel: MessageChannel;
  to: string;
  subject: string;
  body: string;
}

/** Writes every message to the `outbox` table (development and test delivery; read at /dev/outbox). */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  send(message: OutgoingMessage): Promise<void> {
    this.db
      .prepare('INSERT INTO outbox (at, channel, to_address, subject, body) VALUES (?, ?, ?, ?, ?)')
      .run(this.now(), message.channel, message.to, message.subject, message.body);
    return Promise.resolve();
  }
}

/** Reads the outbox, oldest first, optionally for one address. */
export function readOutbox(db: Db, to?: string): OutboxEntry[] {
  const rows = (
    to === undefined
      ? db.prepare('SELECT * FROM outbox ORDER BY id').all()
      : db.prepare('SELECT * FROM outbox WHERE to_address = ? ORDER BY id').all(to)
  ) as { id: number; at: number; channel: MessageChannel; to_address: string; subject: string; body: string }[];
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    channel: r.channel,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
  }));
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
  db: Db;
  now: () => number;
  smtpUrl: string | null;
  from: string;
  log: Logger;
}

export function createSender(options: SenderOptions): MessageSender {
  const outbox = new OutboxSender(options.db, options.now);
  return options.smtpUrl ? new SmtpSender(options.smtpUrl, options.from, outbox, options.log) : outbox;
}
