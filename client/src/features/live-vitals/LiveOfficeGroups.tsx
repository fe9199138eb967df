import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LiveVitalsTable } from './LiveVitalsTable.js';
import type { byOffice } from './liveRows.js';

export interface LiveOfficeGroupsProps {
  groups: ReturnType<typeof byOffice>;
  now: number;
}

/** The cases in progress of several offices, one titled table per office (the parent's and the team's live views). */
export function LiveOfficeGroups({ groups, now }: LiveOfficeGroupsProps): ReactNode {
  return groups.map((g) => (
    <Stack key={g.orgId} gap="xs" data-testid="live-office" data-org-id={g.orgId}>
      <Title order={2} size="h4">
        {g.orgName}
      </Title>
      <LiveVitalsTable rows={g.rows} now={now} label={`Cases in progress at ${g.orgName}`} />
    </Stack>
  ));
}
