import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { refusalText } from '@vigil/shared';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useLoad } from '../../data/useLoad.js';
import { Page } from '../../ui/Page.js';
import * as api from './oversightApi.js';
import { usePagedList } from './usePagedList.js';
import { useSudoCall } from './useSudoCall.js';

const casePath = (id: string): string => `/vigil-team/cases/${encodeURIComponent(id)}`;
const when = (iso: string | null): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/**
 * `/vigil-team/cases` (issue 41; spec 000 §2): every organisation's cases, newest first, from the
 * analytics read model (no patient data); each opens read-only after a sudo confirmation.
 */
export function TeamCasesPage(): ReactNode {
  const { first, rows, last, loadMore, error } = usePagedList(api.fetchTeamCases, api.TEAM_CASES_PAGE);
  return (
    <Page title="Cases">
      {first.loading && <Loader aria-label="Loading" />}
      {error && (
        <Alert color="red" role="alert">
          {refusalText(error)}
        </Alert>
      )}
      {first.data && (
        <Table.ScrollContainer minWidth={700}>
          <Table withTableBorder striped aria-label="Cases of every organization">
            <Table.Thead>
              <Table.Tr>
                {['Start (UTC)', 'Case', 'Organization', 'Status', 'Provider', 'Location', 'Level'].map((c) => (
                  <Table.Th scope="col" key={c}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>No cases yet.</Table.Td>
                </Table.Tr>
              )}
              {rows.map((c) => (
                <Table.Tr key={`${c.orgId}/${c.caseId}`}>
                  <Table.Td>{when(c.startAt)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={casePath(c.caseId)} aria-label={`Open case ${c.caseId}`}>
                      {c.caseId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.orgId}</Table.Td>
                  <Table.Td>{c.status === 'finalized' ? 'Signed' : 'Started'}</Table.Td>
                  <Table.Td>{c.providerName ?? ''}</Table.Td>
                  <Table.Td>{c.locationName ?? ''}</Table.Td>
                  <Table.Td>{c.sedationLevel ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {first.data && !last && (
        <Button variant="subtle" onClick={loadMore}>
          Show more
        </Button>
      )}
    </Page>
  );
}

/**
 * `/vigil-team/cases/{caseId}` (issue 41): one case, read-only, opened only after a sudo
 * confirmation; the server records the read on the organisation's audit trail as the team member's.
 */
export function TeamCasePage(): ReactNode {
  const { caseId = '' } = useParams();
  const open = useSudoCall(useCallback(() => api.fetchTeamCase(caseId), [caseId]));
  const c = open.data;
  return (
    <Page title="Case">
      {!c && (
        <Card withBorder padding="md" component="section" aria-labelledby="team-case-open">
          <Title order={2} size="h4" id="team-case-open" mb="xs">
            Case {caseId}
          </Title>
          <Text mb="sm">
            Opening a case shows its record, patient data included. It needs you to confirm your identity, and the read
            is recorded on the organization&apos;s audit trail.
          </Text>
          <Button onClick={() => void open.run(undefined)} loading={open.busy}>
            Confirm identity and open
          </Button>
        </Card>
      )}
      {open.error && (
        <Alert color="red" role="alert">
          {refusalText(open.error)}
        </Alert>
      )}
      {c && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">Read-only</Badge>
            <Badge variant="outline">{c.recordStatus}</Badge>
          </Group>
          <Table withTableBorder aria-label="The case">
            <Table.Tbody>
              {(
                [
                  ['Organization', c.orgId],
                  ['Case', c.caseId],
                  ['Status', c.status === 'finalized' ? 'Signed' : 'Started'],
                  ['Start (UTC)', when(c.startAt)],
                  ['Provider', c.providerName ?? ''],
                  ['Location', c.locationName ?? ''],
                  ['Sedation level', c.sedationLevel ?? ''],
                  ['Anesthesia minutes', c.anesthesiaMinutes === null ? '' : String(c.anesthesiaMinutes)],
                  ['Anesthesia units', c.anesthesiaUnits === null ? '' : String(c.anesthesiaUnits)],
                  ['Discharge score', c.dischargeScore === null ? '' : String(c.dischargeScore)],
                  ['Drugs', c.drugs.join(', ')],
                  ['Flags raised', c.flagsRaised.join(' ')],
                  ['Flags overridden', c.flagsOverridden.join(' ')],
                ] as const
              ).map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th scope="row">{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h4">
            Record content
          </Title>
          {c.caseData ? (
            <Code block aria-label="Record content" tabIndex={0}>
              {c.caseData}
            </Code>
          ) : (
            <Text c="dimmed">The record holds no content yet.</Text>
          )}
        </Stack>
      )}
    </Page>
  );
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `/vigil-team/case-stats` (issue 41): cases per day across organisations, and the organisations active. */
export function TeamCaseStatsPage(): ReactNode {
  const [range, setRange] = useState(() => ({ from: isoDay(Date.now() - 29 * 86_400_000), to: isoDay(Date.now()) }));
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const stats = useLoad(useCallback(() => api.fetchTeamCaseStats(range.from, range.to), [range]));
  const apply = (e: FormEvent): void => {
    e.preventDefault();
    setRange({ from, to });
  };
  const s = stats.data;
  return (
    <Page title="Case Stats">
      <Card withBorder padding="md" component="form" onSubmit={apply} aria-label="Date range">
        <Group align="flex-end">
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button type="submit" variant="default">
            Apply
          </Button>
        </Group>
      </Card>
      {stats.loading && <Loader aria-label="Loading" />}
      {stats.error && (
        <Alert color="red" role="alert">
          {refusalText(stats.error)}
        </Alert>
      )}
      {s && (
        <Stack gap="sm">
          <Text data-testid="case-stats-total">
            {s.cases} cases in {s.activeOrgs} active organizations.
          </Text>
          <Table withTableBorder striped aria-label="Cases per day">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Day (UTC)</Table.Th>
                <Table.Th scope="col">Cases</Table.Th>
                <Table.Th scope="col">Organizations</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.days.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>No cases in this range.</Table.Td>
                </Table.Tr>
              )}
              {s.days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Th scope="row">{d.day}</Table.Th>
                  <Table.Td>{d.cases}</Table.Td>
                  <Table.Td>{d.orgs}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Page>
  );
}

/**
 * `/vigil-team/db-console` (issue 41): one read-only statement at a time on a read-only connection,
 * after a sudo confirmation; every statement is recorded on the account trail; writes, ATTACH and
 * a PRAGMA that sets are refused with the reason.
 */
export function TeamDbConsolePage(): ReactNode {
  const [sql, setSql] = useState('SELECT id, name, type FROM orgs LIMIT 20');
  const query = useSudoCall(api.runDbQuery);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void query.run(sql);
  };
  const r = query.data;
  return (
    <Page title="DB Console">
      <Card withBorder padding="md" component="form" onSubmit={submit} aria-label="Query">
        <Stack gap="xs">
          <Textarea
            label="SQL (read-only)"
            value={sql}
            onChange={(e) => setSql(e.currentTarget.value)}
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group>
            <Button type="submit" loading={query.busy}>
              Run
            </Button>
            <Text size="sm" c="dimmed">
              At most 200 rows. Every statement is recorded with your name.
            </Text>
          </Group>
        </Stack>
      </Card>
      {query.error && (
        <Alert color="red" role="alert">
          {refusalText(query.error)}
        </Alert>
      )}
      {r?.refused && (
        <Alert color="red" role="alert" title="Refused">
          {r.refused}
        </Alert>
      )}
      {r && !r.refused && (
        <Stack gap="xs">
          <Text size="sm" data-testid="db-console-count">
            {r.rows.length} rows{r.truncated ? ' (cut at 200)' : ''}.
          </Text>
          <Table.ScrollContainer minWidth={400}>
            <Table withTableBorder striped aria-label="Query result">
              <Table.Thead>
                <Table.Tr>
                  {r.columns.map((c, i) => (
                    <Table.Th scope="col" key={`${i}-${c}`}>
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.rows.map((row, i) => (
                  <Table.Tr key={i}>
                    {row.cells.map((v, j) => (
                      <Table.Td key={j}>{v ?? 'NULL'}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Page>
  );
}
