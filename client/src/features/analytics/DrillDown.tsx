import { Alert, Anchor, Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import {
  refusalText,
  type AnalyticsCaseView,
  type AnalyticsDrillInput,
  type AnalyticsFilterInput,
} from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import * as api from './api.js';
import { levelLabel } from './charts.js';

/** What a drill-down shows: the cases behind one bar, point or figure. */
export interface DrillChoice {
  title: string;
  drill: AnalyticsDrillInput;
}

export interface DrillDownProps {
  orgId: string;
  filter: AnalyticsFilterInput;
  /** Null: closed. */
  choice: DrillChoice | null;
  onClose: () => void;
}

interface Pages {
  cases: AnalyticsCaseView[];
  more: boolean;
  loading: boolean;
  error: string | null;
}

const EMPTY: Pages = { cases: [], more: false, loading: false, error: null };

/** The case's start as the list shows it: "2026-11-02 09:00" (UTC, as the figures count months). */
function startText(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '';
}

/**
 * The cases behind a figure (issue 41: "every chart drills down to its cases"), newest first, a page
 * at a time, each linking to the case.
 */
export function DrillDown({ orgId, filter, choice, onClose }: DrillDownProps): ReactNode {
  const [pages, setPages] = useState<Pages>(EMPTY);
  const load = (after: string | null, before: AnalyticsCaseView[], live: () => boolean = () => true): void => {
    if (!choice) return;
    setPages({ cases: before, more: false, loading: true, error: null });
    api.fetchAnalyticsCases(orgId, filter, choice.drill, after).then(
      (page) =>
        live() &&
        setPages({ cases: [...before, ...page], more: page.length === api.DRILL_PAGE, loading: false, error: null }),
      (err: unknown) => live() && setPages({ cases: before, more: false, loading: false, error: errorCode(err) }),
    );
  };
  useEffect(() => {
    let live = true;
    if (choice) load(null, [], () => live);
    else setPages(EMPTY);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new choice or filter starts again
  }, [choice, filter, orgId]);
  return (
    <Drawer
      opened={choice !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={choice?.title ?? ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm" data-testid="analytics-drilldown">
        {pages.error && (
          <Alert color="red" role="alert">
            {refusalText(pages.error)}
          </Alert>
        )}
        {!pages.loading && !pages.error && pages.cases.length === 0 && <Text c="dimmed">No cases.</Text>}
        {pages.cases.length > 0 && (
          <Table striped aria-label="Cases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Start</Table.Th>
                <Table.Th scope="col">Provider</Table.Th>
                <Table.Th scope="col">Level</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.cases.map((c) => (
                <Table.Tr key={c.caseId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/org/${orgId}/cases/${c.caseId}`}>
                      {startText(c.startAt) || c.caseId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.providerName ?? ''}</Table.Td>
                  <Table.Td>{levelLabel(c.sedationLevel)}</Table.Td>
                  <Table.Td>
                    <Badge color={c.status === 'finalized' ? 'teal' : 'gray'} variant="light">
                      {c.status === 'finalized' ? 'Signed' : 'Not signed'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          {pages.loading && <Text c="dimmed">Loading cases…</Text>}
          {pages.more && !pages.loading && (
            <Button variant="light" onClick={() => load(pages.cases.at(-1)!.cursor, pages.cases)}>
              More cases
            </Button>
          )}
        </Group>
      </Stack>
    </Drawer>
  );
}
