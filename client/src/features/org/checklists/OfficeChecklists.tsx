import { Card, Stack, Text, Title } from '@mantine/core';
import { refusalText, type OrgChecklistKind } from '@vigil/shared';
import type { ReactNode } from 'react';
import { errorCode } from '../../../data/graphql.js';
import {
  saveOrgChecklist,
  useOrgChecklists,
  type OrgChecklistsOptions,
  type OrgChecklistsView,
} from '../../../data/orgChecklists.js';
import { ChecklistForm } from './ChecklistForm.js';

/** The office's two lists as the settings page names them. */
const LISTS: readonly { kind: OrgChecklistKind; label: string; description: string }[] = [
  {
    kind: 'preOpChecklist',
    label: 'Pre-op checklist',
    description: 'One item a line. New cases start with this list.',
  },
  {
    kind: 'optChecks',
    label: 'Operative checks',
    description: 'One check a line. New cases start with these checks.',
  },
];

export interface OfficeChecklistsProps {
  orgId: string;
  /** Tests: the read and the save without a server. */
  options?: OrgChecklistsOptions;
  save?: (orgId: string, kind: OrgChecklistKind, items: readonly string[]) => Promise<OrgChecklistsView>;
}

/**
 * The office's checklists on its settings page (issue 39; spec 001 §3 preOpChecklist and
 * optChecks, spec 002 §4): each in the checklist form, read from the server (never this device's
 * copy: an editor shows what is kept). A case already started keeps its own lists.
 */
export function OfficeChecklists({ orgId, options = {}, save = saveOrgChecklist }: OfficeChecklistsProps): ReactNode {
  const query = useOrgChecklists(orgId, { ...options, offline: false });
  const loadError = query.data === null && !query.loading && query.error ? refusalText(query.error) : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="office-checklists">
      <Title order={2} size="h4" id="office-checklists" mb="xs">
        Checklists
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        New cases start with these lists; a case already started keeps its own.
      </Text>
      <Stack gap="lg">
        {LISTS.map((list) => (
          <ChecklistForm
            key={list.kind}
            label={list.label}
            description={list.description}
            items={query.data ? (query.data[list.kind] ?? []) : null}
            loadError={loadError}
            onSave={async (items) => {
              try {
                query.set(await save(orgId, list.kind, items));
              } catch (err) {
                throw new Error(refusalText(errorCode(err)), { cause: err });
              }
            }}
          />
        ))}
      </Stack>
    </Card>
  );
}
