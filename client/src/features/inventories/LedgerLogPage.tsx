import { Anchor, Button, Grid, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { CaseReconciliation } from './CaseReconciliation.js';
import { ledgerCsv } from './csv.js';
import { useLedgerPages } from './hooks.js';
import { LoadStatus } from './LoadStatus.js';
import { KIND_LABELS, ledgerCaseText } from './texts.js';

/** Distinct values of the unfiltered log, for the filters' choices. */
function choices(entries: readonly api.LedgerEntry[], pick: (e: api.LedgerEntry) => [string, string] | null) {
  const seen = new Map<string, string>();
  for (const e of entries) {
    const p = pick(e);
    if (p && !seen.has(p[0])) seen.set(p[0], p[1]);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface ExportCsvProps {
  orgId: string;
  filter: api.LedgerFilter;
  disabled: boolean;
}

/** "Export CSV": the whole filtered log (every page fetched), downloaded; an alert when it fails. */
function ExportCsv({ orgId, filter, disabled }: ExportCsvProps): ReactNode {
  const [exporting, setExporting] = useState<'busy' | 'failed' | null>(null);
  const exportCsv = (): void => {
    setExporting('busy');
    api.fetchLedger(orgId, filter).then(
      (entries) => {
        download(`controlled-drug-ledger-${new Date().toISOString().slice(0, 10)}.csv`, ledgerCsv(entries));
        setExporting(null);
      },
      () => setExporting('failed'),
    );
  };
  return (
    <Group>
      <Button mih={44} variant="default" disabled={disabled} loading={exporting === 'busy'} onClick={exportCsv}>
        Export CSV
      </Button>
      {exporting === 'failed' && (
        <Text c="red" role="alert">
          The export could not be completed. Try again.
        </Text>
      )}
    </Group>
  );
}

interface LedgerTableProps {
  entries: readonly api.LedgerEntry[];
  /** The organisation's base path, for the links to cases. */
  base: string;
  /** Whether each lot names its inventory (the log of every inventory). */
  withInventory: boolean;
}

/** The ledger's entries in chain order, one row each. */
function LedgerTable({ entries, base, withInventory }: LedgerTableProps): ReactNode {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Ledger entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Drug and lot</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th>Case</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Witness</Table.Th>
            <Table.Th>Reason / count</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{e.seq}</Table.Td>
              <Table.Td>{new Date(e.at).toLocaleString()}</Table.Td>
              <Table.Td>
                {KIND_LABELS[e.kind] ?? e.kind}
                {e.corrects ? ` (${(KIND_LABELS[e.corrects] ?? e.corrects).toLowerCase()})` : ''}
              </Table.Td>
              <Table.Td>
                {e.drug} · {e.lotNumber}
                {withInventory ? ` · ${e.inventoryName}` : ''}
              </Table.Td>
              <Table.Td>{e.kind === 'count' ? '' : `${e.quantity} ${e.unit}`}</Table.Td>
              <Table.Td>
                {e.caseId ? (
                  <Anchor component={Link} to={`${base}/cases/${encodeURIComponent(e.caseId)}`}>
                    {ledgerCaseText(e.caseId, e.case)}
                  </Anchor>
                ) : (
                  ''
                )}
              </Table.Td>
              <Table.Td>{e.userName}</Table.Td>
              <Table.Td>{e.witnessName ?? ''}</Table.Td>
              <Table.Td>
                {e.kind === 'count'
                  ? `Expected ${e.expected ?? '?'} ${e.unit}, found ${e.found ?? '?'} ${e.unit}`
                  : (e.reason ?? '')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /org/{orgId}/inventories/log and /inventories/{inventoryId}/log (issue 29): the ledger in chain
 * order, filtered by drug, user (or witness), case and dates, a page at a time ("Load more";
 * issue 35 item 8), exported whole as CSV (every page fetched for the export). The filters'
 * choices come from the first page of the unfiltered log.
 */
export function LedgerLogPage(): ReactNode {
  const { orgId = '', inventoryId } = useParams();
  // A link from a case's reconciliation opens the log filtered to it (?case=…).
  const [searchParams] = useSearchParams();
  const scope = inventoryId ? { inventoryId } : {};
  const all = useLedgerPages(orgId, scope);
  const [drug, setDrug] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [caseId, setCaseId] = useState<string | null>(() => searchParams.get('case'));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: api.LedgerFilter = {
    ...scope,
    ...(drug ? { drug } : {}),
    ...(userId ? { userId } : {}),
    ...(caseId ? { caseId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const log = useLedgerPages(orgId, filter);
  const entries = useMemo(() => all.data ?? [], [all.data]);
  const drugs = useMemo(() => choices(entries, (e) => [e.drug, e.drug]), [entries]);
  const users = useMemo(
    () =>
      choices(
        entries.flatMap((e) => [
          e,
          ...(e.witnessId ? [{ ...e, userId: e.witnessId, userName: e.witnessName ?? '' }] : []),
        ]),
        (e) => [e.userId, e.userName],
      ),
    [entries],
  );
  // Cases by patient, date and procedure (IV8), newest first: the case id stays the filter's value.
  const cases = useMemo(
    () =>
      choices(
        [...entries].sort((a, b) => (b.case?.start ?? '').localeCompare(a.case?.start ?? '')),
        (e) => (e.caseId ? [e.caseId, ledgerCaseText(e.caseId, e.case)] : null),
      ),
    [entries],
  );
  const base = `/org/${encodeURIComponent(orgId)}`;
  const title = inventoryId
    ? `Inventory Log · ${entries[0]?.inventoryName ?? ''}`.replace(/ · $/, '')
    : 'Inventory Log';
  const input = { styles: { input: { minHeight: 44 } } };
  return (
    <Page title={title}>
      <Group>
        <Anchor
          component={Link}
          to={inventoryId ? `${base}/inventories/${encodeURIComponent(inventoryId)}` : `${base}/inventories`}
        >
          {inventoryId ? 'Back to the inventory' : 'All inventories'}
        </Anchor>
      </Group>
      <Grid role="search" aria-label="Filter the log">
        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
          <Select
            label="Drug"
            data={drugs}
            value={drug}
            onChange={setDrug}
            clearable
            placeholder="All drugs"
            {...input}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
          <Select
            label="User"
            data={users}
            value={userId}
            onChange={setUserId}
            clearable
            placeholder="Everyone"
            {...input}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label="Case"
            data={
              caseId && !cases.some((c) => c.value === caseId)
                ? [...cases, { value: caseId, label: ledgerCaseText(caseId, null) }]
                : cases
            }
            value={caseId}
            onChange={setCaseId}
            clearable
            searchable
            placeholder="All cases"
            {...input}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            {...input}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} {...input} />
        </Grid.Col>
      </Grid>
      {caseId && <CaseReconciliation orgId={orgId} caseId={caseId} />}
      <ExportCsv orgId={orgId} filter={filter} disabled={!log.data || log.data.length === 0} />
      <LoadStatus loaded={log} failedTitle="The log could not be loaded" />
      {log.data?.length === 0 && (
        <Text c="dimmed">
          No entries{Object.keys(filter).length > Object.keys(scope).length ? ' match the filter' : ' yet'}.
        </Text>
      )}
      {log.data && log.data.length > 0 && <LedgerTable entries={log.data} base={base} withInventory={!inventoryId} />}
      {log.data && log.data.length > 0 && (
        <Group>
          <Text size="sm" c="dimmed" data-testid="ledger-shown">
            {log.more ? `Showing the first ${log.data.length} entries` : `All ${log.data.length} entries shown`}
          </Text>
          {log.more && (
            <Button mih={44} variant="default" loading={log.loadingMore} onClick={log.loadMore}>
              Load more
            </Button>
          )}
        </Group>
      )}
    </Page>
  );
}
