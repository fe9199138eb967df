import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Page } from '../../ui/Page.js';

/** Where the server takes a SMART EHR launch on (routes/smart.ts), with the launch's own query. */
export function smartLaunchTarget(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('iss') && params.get('launch') ? `/api/smart/launch?${params.toString()}` : null;
}

/**
 * /launch?iss=…&launch=… (SMART App Launch 2.x, issue 42): the EMR opens this address; the server
 * does the launch (discovery, authorize with PKCE, token, the patient and the case). The server
 * answers /launch itself; this page forwards when the app's service worker answered first.
 */
export function SmartLaunchPage(): ReactNode {
  const target = smartLaunchTarget(window.location.search);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return (
    <Page title="Opening Vigil">
      <Stack gap="sm" role="status">
        {target ? (
          <>
            <Loader size="sm" aria-label="Opening" />
            <Text>Opening Vigil from your EMR...</Text>
          </>
        ) : (
          <Text>This address is opened by your EMR. To log in, please launch from within your EMR.</Text>
        )}
      </Stack>
    </Page>
  );
}
