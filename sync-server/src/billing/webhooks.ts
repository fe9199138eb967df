import { formatMoney } from '@vigil/shared';
import { AppError } from '../errors.js';
import type { Logger } from '../log.js';
import type { MessageSender } from '../mail/sender.js';
import type { BillingStore } from '../store/billing/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PaymentProvider, ProviderEvent } from './provider.js';
import type { BillingService } from './service.js';

/** The webhook's answer: applied, or a replay of an event already processed (nothing changed). */
export type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

export interface WebhookDeps {
  provider: Pick<PaymentProvider, 'name' | 'verifyEvent'>;
  billing: BillingStore;
  service: Pick<BillingService, 'mirror'>;
  orgs: Pick<OrgStore, 'org' | 'members'>;
  sender: MessageSender;
  /** The server's clock: the signature's timestamp tolerance is read against it. */
  now: () => number;
  log: Logger;
}

/** A reminder to the organisation's administrators (issue 37: a trial ending, a payment failed). */
export interface BillingReminder {
  subject: string;
  body: string;
}

const DAY = 86_400_000;

/**
 * The reminder texts (decision, session 24): what happened, what keeps working, where to act. Days
 * are counted from the event's time (the provider's clock).
 */
export function reminderFor(event: ProviderEvent, orgName: string): BillingReminder | null {
  if (event.type === 'customer.subscription.trial_will_end' && event.subscription) {
    const end = event.subscription.trialEnd ?? event.created;
    const days = Math.max(0, Math.ceil((end - event.created) / DAY));
    return {
      subject: `Your Vigil trial ends in ${days} day(s)`,
      body:
        `The free trial of ${orgName} ends on ${new Date(end).toISOString().slice(0, 10)}.\n\n` +
        'To keep adding patients, appointments and cases after that day, choose a plan and add a card on the ' +
        'Subscription page. Records you already have stay readable, and cases already started can still be ' +
        'charted, signed and amended.',
    };
  }
  if (event.type === 'invoice.payment_failed' && event.invoice) {
    return {
      subject: 'Your Vigil payment failed',
      body:
        `The payment of ${formatMoney(event.invoice.amountDue, event.invoice.currency)} for ${orgName} was ` +
        'refused by the card on file.\n\n' +
        'Update the card and pay the open invoice on the Subscription page. Until it is paid, new patients, ' +
        'appointments and cases may be refused; records stay readable and cases already started can still be ' +
        'charted, signed and amended.',
    };
  }
  return null;
}

/**
 * The payment provider's webhook (issue 37): the raw body verified through the provider (signature
 * and timestamp against the server's clock), the event id claimed once (a replay changes nothing),
 * then applied in the same unit of work: a subscription's report mirrored on the organisation it
 * belongs to (found by its customer). Reminders to the administrators are sent after it committed.
 */
export class BillingWebhooks {
  constructor(private readonly deps: WebhookDeps) {}

  /** Refuses a forged or stale event with 400 INVALID_SIGNATURE (nothing read, nothing changed). */
  verify(rawBody: string, signatureHeader: string | undefined): ProviderEvent {
    if (!signatureHeader) throw new AppError(400, 'INVALID_SIGNATURE', 'No signature header');
    try {
      return this.deps.provider.verifyEvent(rawBody, signatureHeader, this.deps.now());
    } catch (err) {
      throw new AppError(400, 'INVALID_SIGNATURE', err instanceof Error ? err.message : 'Invalid signature');
    }
  }

  async receive(rawBody: string, signatureHeader: string | undefined): Promise<WebhookOutcome> {
    const event = this.verify(rawBody, signatureHeader);
    const { billing, provider } = this.deps;
    const customerId = event.subscription?.customerId ?? event.invoice?.customerId ?? null;
    const result = await billing.transaction(async () => {
      if (!(await billing.claimEvent(provider.name, event.id, event.type, this.deps.now()))) {
        return { outcome: 'replayed' as const, orgId: null };
      }
      const account = customerId ? await billing.byCustomer(provider.name, customerId) : null;
      if (!account) return { outcome: 'ignored' as const, orgId: null };
      if (event.subscription) {
        await this.deps.service.mirror(account.orgId, event.subscription, event.created, null, null);
      }
      return { outcome: 'applied' as const, orgId: account.orgId };
    });
    if (result.orgId) await this.remind(result.orgId, event);
    return result.outcome;
  }

  /** Mails the reminder an event calls for to the organisation's administrators; a failure is logged. */
  private async remind(orgId: string, event: ProviderEvent): Promise<void> {
    try {
      const org = await this.deps.orgs.org(orgId);
      const reminder = org ? reminderFor(event, org.name) : null;
      if (!reminder) return;
      const admins = (await this.deps.orgs.members(orgId)).filter((m) => m.roles.includes('admin'));
      for (const admin of admins) {
        await this.deps.sender.send({ channel: 'email', to: admin.email, ...reminder });
      }
    } catch (err) {
      this.deps.log.warn({ err, orgId, event: event.id }, 'billing reminder not sent');
    }
  }
}
