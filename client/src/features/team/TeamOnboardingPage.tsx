import { Alert, Anchor, Button, Loader, Table } from '@mantine/core';
import { refusalText } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page.js';
import * as api from './oversightApi.js';
import { usePagedList } from './usePagedList.js';

const day = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().slice(0, 10));
const yes = (b: boolean): string => (b ? 'Yes' : 'No');

/**
 * `/vigil-team/onboarding` (issue 41; spec 000 §2): offices still onboarding or in their trial,
 * newest first, with their trial end and what they have done: a plan chosen, the BAA signed,
 * members, cases started and signed.
 */
export function TeamOnboardingPage(): ReactNode {
  const { first, rows, last, loadMore, error } = usePagedList(api.fetchOnboarding, api.ONBOARDING_PAGE);
  return (
    <Page title="Onboarding">
      {first.loading && <Loader aria-label="Loading" />}
      {error && (
        <Alert color="red" role="alert">
          {refusalText(error)}
        </Alert>
      )}
      {first.data && (
        <Table.ScrollContainer minWidth={800}>
          <Table withTableBorder striped aria-label="Offices onboarding">
            <Table.Thead>
              <Table.Tr>
                {[
                  'Office',
                  'Created',
                  'Trial ends',
                  'Status',
                  'Plan chosen',
                  'BAA signed',
                  'Members',
                  'Cases',
                  'Signed cases',
                ].map((c) => (
                  <Table.Th scope="col" key={c}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>No office is onboarding.</Table.Td>
                </Table.Tr>
              )}
              {rows.map((o) => (
                <Table.Tr key={o.orgId}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={`/vigil-team/orgs/${encodeURIComponent(o.orgId)}`}>
                      {o.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{day(o.createdAt)}</Table.Td>
                  <Table.Td>{day(o.trialEnd)}</Table.Td>
                  <Table.Td>{o.isOnboarding ? 'onboarding' : o.subscriptionStatus}</Table.Td>
                  <Table.Td>{yes(o.planChosen)}</Table.Td>
                  <Table.Td>{yes(o.baaSigned)}</Table.Td>
                  <Table.Td>{o.members}</Table.Td>
                  <Table.Td>{o.cases}</Table.Td>
                  <Table.Td>{o.signedCases}</Table.Td>
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
