import { Anchor, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney, invoiceDueText, type InvoiceView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useInvoicePreview, useInvoices } from './hooks.js';
import { billingDate } from './status.js';
import { billingErrorText } from './texts.js';

/** Past invoices asked for at a time. */
export const INVOICE_PAGE_SIZE = 10;

const INVOICE_STATUS_LABELS: Readonly<Record<string, string>> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

/** When the upcoming invoice falls due: its due date, else the start of the period it bills. */
export const upcomingDueAt = (invoice: InvoiceView): number => invoice.dueDate ?? invoice.periodStart;

/**
 * The upcoming invoice ('Invoice due in N day(s)', spec 000 §3) and the providers billed, with the
 * figure the next invoice would be with one provider more: adding or removing one changes it.
 */
export function UpcomingInvoice({
  orgId,
  providers,
  version,
}: {
  orgId: string;
  providers: number;
  version: number;
}): ReactNode {
  const next = useInvoicePreview(orgId, true, {}, version);
  const more = useInvoicePreview(orgId, true, { providers: providers + 1 }, version);
  const [now] = useState(() => Date.now());
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sub-upcoming">
      <Stack gap="xs">
        <Title order={2} size="h4" id="sub-upcoming">
          Providers and the next invoice
        </Title>
        <Text data-testid="providers-billed">
          Providers billed: <strong>{providers}</strong> (members with the provider role; support staff are free).
        </Text>
        {next.error && <Text size="sm">{billingErrorText(next.error)}</Text>}
        {next.data === null && !next.loading && !next.error && (
          <Text size="sm">No upcoming invoice: there is no subscription, or it ends with the current period.</Text>
        )}
        {next.data && (
          <Group gap="sm">
            <Text data-testid="upcoming-invoice">
              Next invoice: <strong>{formatMoney(next.data.total, next.data.currency)}</strong> on{' '}
              {billingDate(upcomingDueAt(next.data))}
            </Text>
            <Text size="sm" fw={600} c="blue.9" data-testid="invoice-due">
              {invoiceDueText(upcomingDueAt(next.data), now)}
            </Text>
          </Group>
        )}
        {next.data && more.data && (
          <Text size="sm" data-testid="provider-change-note">
            Adding or removing a provider changes the next invoice: with {providers + 1} providers it would be{' '}
            {formatMoney(more.data.total, more.data.currency)}
            {more.data.lines.some((l) => l.proration) ? ', with the prorated charge for the rest of this period' : ''}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Past invoices, newest first, with their hosted page or PDF, a page at a time. */
export function PastInvoices({ orgId, version }: { orgId: string; version: number }): ReactNode {
  const invoices = useInvoices(orgId, true, INVOICE_PAGE_SIZE, version);
  const [loadingMore, setLoadingMore] = useState(false);
  const list = invoices.data?.invoices ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sub-invoices">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sub-invoices">
          Past invoices
        </Title>
        {invoices.error && <Text size="sm">{billingErrorText(invoices.error)}</Text>}
        {invoices.data && list.length === 0 && <Text size="sm">No invoices yet.</Text>}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label="Past invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((inv, i) => (
                  <Table.Tr key={inv.id ?? i}>
                    <Table.Td>{billingDate(inv.created)}</Table.Td>
                    <Table.Td>
                      {billingDate(inv.periodStart)} – {billingDate(inv.periodEnd)}
                    </Table.Td>
                    <Table.Td>{formatMoney(inv.total, inv.currency)}</Table.Td>
                    <Table.Td>{INVOICE_STATUS_LABELS[inv.status] ?? inv.status}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {inv.hostedUrl && (
                          <Anchor href={inv.hostedUrl} target="_blank" rel="noreferrer">
                            View<VisuallyHidden> the invoice of {billingDate(inv.created)}</VisuallyHidden>
                          </Anchor>
                        )}
                        {inv.pdfUrl && (
                          <Anchor href={inv.pdfUrl} target="_blank" rel="noreferrer">
                            PDF<VisuallyHidden> of the invoice of {billingDate(inv.created)}</VisuallyHidden>
                          </Anchor>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {invoices.data?.hasMore && (
          <Group justify="center">
            <Button
              variant="default"
              mih={44}
              loading={loadingMore}
              onClick={() => {
                setLoadingMore(true);
                void invoices.loadMore().finally(() => setLoadingMore(false));
              }}
            >
              Show more invoices
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
