import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LEGAL_LINKS, PRIVACY_UPDATED_ON, showPrivacyUpdated } from '../ui/legal.js';
import { useServerInfo } from '../session/ServerInfo.js';

/**
 * Footer (spec 000 §1): terms, privacy and trust links, the copyright year and Vigil's own
 * version; the privacy-updated date for two weeks after an update; an environment tag
 * outside production.
 */
export function Footer(): ReactNode {
  const { environment } = useServerInfo();
  const now = new Date();
  return (
    <Group component="footer" justify="center" gap="md" py="sm" px="md" wrap="wrap" aria-label="Footer">
      <Anchor href={LEGAL_LINKS.terms} target="_blank" rel="noreferrer" size="sm">
        Terms
      </Anchor>
      <Anchor href={LEGAL_LINKS.privacy} target="_blank" rel="noreferrer" size="sm">
        Privacy
      </Anchor>
      <Anchor href={LEGAL_LINKS.trust} target="_blank" rel="noreferrer" size="sm">
        Trust
      </Anchor>
      {showPrivacyUpdated(now) && (
        <Text size="sm" c="dimmed">
          Privacy policy updated {new Date(`${PRIVACY_UPDATED_ON}T00:00:00`).toLocaleDateString()}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        © {now.getFullYear()} Vigil
      </Text>
      <Text size="sm" c="dimmed" data-testid="app-version">
        v{__APP_VERSION__}
      </Text>
      {environment !== null && environment !== 'production' && (
        <Badge color="orange" variant="light" data-testid="environment-tag">
          {environment}
        </Badge>
      )}
    </Group>
  );
}
