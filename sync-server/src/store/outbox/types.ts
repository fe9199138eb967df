export type MessageChannel = 'email' | 'sms';

/** A message kept in the outbox (development and test delivery). */
export interface OutboxEntry {
  id: number;
  at: number;
  channel: MessageChannel;
  to: string;
  subject: string;
  body: string;
}

/** The outbox repository. An implementation passes contract.test.ts. */
export interface OutboxStore {
  add(entry: Omit<OutboxEntry, 'id'>): Promise<void>;
  /** Every message, oldest first, optionally only those to one address. */
  list(to?: string): Promise<OutboxEntry[]>;
}
