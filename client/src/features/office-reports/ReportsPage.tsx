import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  OFFICE_REPORT_KINDS,
  OFFICE_REPORTS,
  refusalText,
  type AnalyticsFilterInput,
  type OfficeReportFormat,
  type OfficeReportKind,
  type OfficeReportRowView,
} from '@vigil/shared';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { useLoad } from '../../data/useLoad.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { saveBase64File } from './download.js';

/** The rows after the first page, as "Show more" fetched them. */
interface MoreRows {
  rows: OfficeReportRowView[];
  loading: boolean;
  error: string | null;
  /** The last page came back short: there is nothing after it. */
  done: boolean;
}
const NO_MORE: MoreRows = { rows: [], loading: false, error: null, done: false };

const KIND_CHOICES = OFFICE_REPORT_KINDS.map((k) => ({ value: k, label: OFFICE_REPORTS[k].title }));

interface DownloadsProps {
  orgId: string;
  kind: OfficeReportKind;
  filter: AnalyticsFilterInput;
}

/** "Download CSV" and "Download PDF": the whole report over the range, saved as a file. */
function Downloads({ orgId, kind, filter }: DownloadsProps): ReactNode {
  const [busy, setBusy] = useState<OfficeReportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = (format: OfficeReportFormat): void => {
    setBusy(format);
    setError(null);
    api.fetchReportFile(orgId, kind, filter, format).then(
      (f) => {
        saveBase64File(f.filename, f.contentType, f.base64);
        setBusy(null);
      },
      (err: unknown) => {
        setError(errorCode(err));
        setBusy(null);
      },
    );
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button onClick={() => download('csv')} loading={busy === 'csv'} disabled={busy !== null}>
          Download CSV
        </Button>
        <Button variant="default" onClick={() => download('pdf')} loading={busy === 'pdf'} disabled={busy !== null}>
          Download PDF
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {refusalText(error)}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /org/{orgId}/reports (issue 41; spec 000 §2): the office's exports over a date range: the case
 * log, the controlled drugs given with the ledger's reconciliation, anesthesia units per provider
 * for billing, and the sign-off overrides with their reasons; shown a page at a time and
 * downloaded whole as CSV or PDF. Whoever administers the office.
 */
export function ReportsPage(): ReactNode {
  const { orgId = '' } = useParams();
  const [kind, setKind] = useState<OfficeReportKind>('caseLog');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState<AnalyticsFilterInput>({});
  const [more, setMore] = useState<MoreRows>(NO_MORE);
  const load = useCallback(() => {
    setMore(NO_MORE);
    return api.fetchReportRows(orgId, kind, filter, null);
  }, [orgId, kind, filter]);
  const first = useLoad(load);
  const rows = [...(first.data ?? []), ...more.rows];
  const lastPage = more.done || (first.data?.length ?? 0) < api.REPORT_PAGE;
  const loadMore = (): void => {
    const after = rows.at(-1)?.cursor ?? null;
    setMore((m) => ({ ...m, loading: true, error: null }));
    api.fetchReportRows(orgId, kind, filter, after).then(
      (page) =>
        setMore((m) => ({
          rows: [...m.rows, ...page],
          loading: false,
          error: null,
          done: page.length < api.REPORT_PAGE,
        })),
      (err: unknown) => setMore((m) => ({ ...m, loading: false, error: errorCode(err) })),
    );
  };
  const apply = (e: FormEvent): void => {
    e.preventDefault();
    setFilter({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  const report = OFFICE_REPORTS[kind];
  const error = first.error ?? more.error;
  return (
    <Page title="Reports">
      <Card withBorder padding="md" component="form" onSubmit={apply} aria-label="Report and date range">
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Report"
            data={KIND_CHOICES}
            value={kind}
            onChange={(v) => v && setKind(v)}
            allowDeselect={false}
            miw={260}
          />
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button type="submit" variant="default">
            Apply
          </Button>
        </Group>
      </Card>
      <Downloads orgId={orgId} kind={kind} filter={filter} />
      {error && (
        <Alert color="red" role="alert">
          {refusalText(error)}
        </Alert>
      )}
      {first.loading && <Text c="dimmed">Loading the report…</Text>}
      {first.data && (
        <Table.ScrollContainer minWidth={600}>
          <Table withTableBorder striped aria-label={report.title}>
            <Table.Thead>
              <Table.Tr>
                {report.columns.map((c) => (
                  <Table.Th scope="col" key={c}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={report.columns.length}>No rows in this range.</Table.Td>
                </Table.Tr>
              ) : (
                rows.map((r) => (
                  <Table.Tr key={r.cursor}>
                    {r.cells.map((c, i) => (
                      <Table.Td key={report.columns[i] ?? i}>{c}</Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {first.data && !lastPage && (
        <Button variant="subtle" onClick={loadMore} loading={more.loading}>
          Show more
        </Button>
      )}
    </Page>
  );
}
