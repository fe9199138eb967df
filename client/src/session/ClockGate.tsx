import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { driftMessage } from './clock.js';
import { HELP_LINKS } from '../ui/legal.js';
import { useServerInfo } from './ServerInfo.js';

/**
 * Hides its children (the sign-in form) unless the device clock is acceptable, and shows the
 * clock-skew page instead (spec 000 §2, §4). While checking or offline the children show:
 * an unreachable server must not lock a clinician out of a working offline tablet.
 */
export function ClockGate({ children }: { children: ReactNode }): ReactNode {
  const { clock, driftMs } = useServerInfo();
  if (clock !== 'skewed' || driftMs === null) return children;
  return (
    <Stack gap="sm" role="alert" data-testid="clock-skew">
      <Title order={2}>Check this device&apos;s clock</Title>
      <Text>
        This device&apos;s clock is <strong>{driftMessage(driftMs)}</strong>.
      </Text>
      <Text>
        Accurate times are needed for precise charting. Set the date and time to update automatically, then check again.
      </Text>
      <Anchor href={HELP_LINKS.clock} target="_blank" rel="noreferrer">
        How to set the clock
      </Anchor>
      <Button onClick={() => window.location.reload()} w="fit-content">
        check again
      </Button>
    </Stack>
  );
}
