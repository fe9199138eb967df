import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { refusalText } from '@vigil/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RequestError } from '../../data/graphql.js';
import { fetchFinalizedReports, fetchPdfUrl, type FinalizedReport } from './api.js';
import { SharePdfModal, sharePdfHref } from './SharePdfModal.js';
import { clockDateTime } from '../../ui/format.js';

/** Report review fetch size (spec 000 §9). */
export const REPORT_REVIEW_FETCH_SIZE = 20;

/** The signature-time range of a date filter (local days, `to` inclusive), in epoch ms. */
export function dayRange(from: string, to: string): { from: number | null; to: number | null } {
  const start = from ? new Date(`${from}T00:00:00`).getTime() : null;
  const end = to ? new Date(`${to}T00:00:00`).getTime() + 24 * 60 * 60 * 1000 : null;
  return {
    from: start !== null && !Number.isNaN(start) ? start : null,
    to: end !== null && !Number.isNaN(end) ? end : null,
  };
}

/** Opens a report's PDF in a new tab through a fresh short-lived link. */
export function OpenPdfButton({ orgId, pdfId, label }: { orgId: string; pdfId: string; label: string }): ReactNode {
  const [failed, setFailed] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="sm"
        mih={44}
        variant="light"
        aria-label={label}
        onClick={() => {
          setFailed(false);
          const tab = window.open('about:blank', '_blank');
          fetchPdfUrl(orgId, pdfId).then(
            (share) => {
              if (tab) {
                tab.opener = null;
                tab.location.href = share.url;
              } else window.location.assign(share.url);
            },
            () => {
              tab?.close();
              setFailed(true);
            },
          );
        }}
      >
        Open PDF
      </Button>
      {failed && (
        <Text size="xs" c="red" role="alert">
          Could not open the PDF.
        </Text>
      )}
    </Group>
  );
}

/**
 * Finalized reports of the organisation, newest signature first, 20 at a time (spec 000 §9),
 * filtered by signer and signature date; each opens its PDF.
 */
export function FinalizedReportsList({ orgId }: { orgId: string }): ReactNode {
  const [signer, setSigner] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [applied, setApplied] = useState({ signer: '', from: '', to: '' });
  const [rows, setRows] = useState<FinalizedReport[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    (offset: number, filters: typeof applied): void => {
      setLoading(true);
      setError(null);
      fetchFinalizedReports(orgId, {
        offset,
        signerName: filters.signer.trim() || null,
        ...dayRange(filters.from, filters.to),
      }).then(
        (page) => {
          setRows((prev) => (offset === 0 ? page : [...(prev ?? []), ...page]));
          setMore(page.length === REPORT_REVIEW_FETCH_SIZE);
          setLoading(false);
        },
        (err: unknown) => {
          setError(err instanceof RequestError ? err.code : 'REQUEST_ERROR');
          setLoading(false);
        },
      );
    },
    [orgId],
  );

  useEffect(() => load(0, applied), [load, applied]);

  return (
    <Stack gap="sm">
      <Group
        align="flex-end"
        component="form"
        aria-label="Filter reports"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ signer, from, to });
        }}
      >
        <TextInput label="Signer" value={signer} onChange={(e) => setSigner(e.currentTarget.value)} />
        <TextInput label="Signed from" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="Signed to" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button type="submit" mih={44}>
          Filter
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" title="Could not load reports">
          {refusalText(error, {
            NOT_AUTHORIZED: 'You are not allowed to see this organization’s reports.',
            default: 'Try again later.',
          })}
        </Alert>
      )}
      {rows === null && !error && <Loader aria-label="Loading reports" />}
      {rows !== null && rows.length === 0 && (
        <Text c="dimmed">
          No finalized reports{applied.signer || applied.from || applied.to ? ' match these filters' : ' yet'}.
        </Text>
      )}
      {rows !== null && rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Finalized reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Report</Table.Th>
                <Table.Th>Signed by</Table.Th>
                <Table.Th>Signed</Table.Th>
                <Table.Th>Addenda</Table.Th>
                <Table.Th>PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.pdfId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/org/${orgId}/cases/${r.compositionId}`}>
                      {r.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{r.signerName}</Table.Td>
                  <Table.Td>{clockDateTime(r.signatureTime)}</Table.Td>
                  <Table.Td>{r.addendaCount}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <OpenPdfButton orgId={orgId} pdfId={r.pdfId} label={`Open PDF of ${r.title}`} />
                      <Button
                        component={Link}
                        to={sharePdfHref(orgId, r.pdfId)}
                        size="sm"
                        mih={44}
                        variant="default"
                        aria-label={`Share ${r.title}`}
                      >
                        Share
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SharePdfModal />
      {more && (
        <Button variant="default" mih={44} loading={loading} onClick={() => load(rows?.length ?? 0, applied)}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
