import type { EmrConnectionView, EmrWriteBackView } from '@vigil/shared';
import { graphql } from './graphql.js';

/*
 * The office's EMR connection and the write-backs of its signed records (issue 42), as the
 * integrations screen reads and changes them (GraphQL; the office's administrators).
 */

export type { EmrConnectionView, EmrWriteBackView };

const CONNECTION = 'iss clientId hasClientSecret redirectPath launchPath updatedAt';
const WRITE_BACK = 'id compositionId event status attempts nextAttemptAt lastError written createdAt updatedAt';

export async function fetchEmrConnection(
  orgId: string,
): Promise<{ connection: EmrConnectionView | null; writeBacks: EmrWriteBackView[] }> {
  const data = await graphql<{ emrConnection: EmrConnectionView | null; emrWriteBacks: EmrWriteBackView[] }>(
    `query Emr($orgId: String!) { emrConnection(orgId: $orgId) { ${CONNECTION} } emrWriteBacks(orgId: $orgId) { ${WRITE_BACK} } }`,
    { orgId },
  );
  return { connection: data.emrConnection, writeBacks: data.emrWriteBacks };
}

export async function setEmrConnection(
  orgId: string,
  input: { iss: string; clientId: string; clientSecret: string | null },
): Promise<EmrConnectionView> {
  const data = await graphql<{ setEmrConnection: EmrConnectionView }>(
    `mutation SetEmr($orgId: String!, $iss: String!, $clientId: String!, $clientSecret: String) {
      setEmrConnection(orgId: $orgId, iss: $iss, clientId: $clientId, clientSecret: $clientSecret) { ${CONNECTION} } }`,
    { orgId, ...input },
  );
  return data.setEmrConnection;
}

export async function removeEmrConnection(orgId: string): Promise<void> {
  await graphql<{ removeEmrConnection: boolean }>(
    'mutation RemoveEmr($orgId: String!) { removeEmrConnection(orgId: $orgId) }',
    { orgId },
  );
}
