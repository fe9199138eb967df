import { Alert } from '@mantine/core';
import { EMR_LOCKDOWN_MESSAGE } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useOrgFeatureValues } from '../../data/orgSettings.js';

/** Whether the office's patients and appointments come only from its EMR ([EMR1] emrLockdownMode). */
export function useEmrLockdown(orgId: string): boolean {
  return useOrgFeatureValues(orgId).values.emrLockdownMode === true;
}

/** Why adding or changing patients and cases is turned off here (the server refuses it too: EMR_LOCKDOWN). */
export function EmrLockdownNotice({ locked }: { locked: boolean }): ReactNode {
  if (!locked) return null;
  return (
    <Alert color="blue" role="status" title="EMR lockdown mode">
      {EMR_LOCKDOWN_MESSAGE}
    </Alert>
  );
}
