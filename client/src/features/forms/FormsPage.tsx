import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { OrgFormIcon } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { formErrorText, formsOwner } from './formTexts.js';
import { useOrgForms } from './hooks.js';

const ICONS: Readonly<Record<OrgFormIcon, { glyph: string; label: string }>> = {
  signature: { glyph: '✍', label: 'Asks for a signature' },
  fields: { glyph: '☰', label: 'Asks the patient questions' },
  text: { glyph: '¶', label: 'Text only' },
};

export function FormIcon({ icon }: { icon: OrgFormIcon }): ReactNode {
  const i = ICONS[icon];
  return (
    <ThemeIcon variant="light" size={40} radius="md" title={i.label} aria-label={i.label} role="img">
      <span aria-hidden="true" style={{ fontSize: 20 }}>
        {i.glyph}
      </span>
    </ThemeIcon>
  );
}

/**
 * /org/{orgId}/forms and /parent/{parentOrgId}/forms (spec 000 §2, §3 Org form): the
 * organisation's forms with their icon and description, the inherited ones marked read-only,
 * and Create Form.
 */
export function FormsPage(): ReactNode {
  const owner = formsOwner(useParams());
  const forms = useOrgForms(owner.orgId);
  return (
    <Page title="Forms">
      <Text c="dimmed" maw={720}>
        Consent and intake forms the patient completes on their own phone before the visit. Attach them to an
        appointment and send the link by email or text message.
      </Text>
      <Group>
        <Button component={Link} to={`${owner.base}/create`} mih={44}>
          Create Form
        </Button>
      </Group>
      {forms.state === 'loading' && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      )}
      {forms.state === 'error' && (
        <Alert color="red" role="alert" title="The forms could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text>{formErrorText(forms.error ?? 'UNKNOWN')}</Text>
            <Button variant="default" mih={44} onClick={forms.reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {forms.state === 'empty' && (
        <Card withBorder padding="lg">
          <Text fw={600}>No forms yet</Text>
          <Text c="dimmed">
            Create a consent form with a signature, or an intake form that asks for the health history.
          </Text>
        </Card>
      )}
      {forms.state === 'loaded' && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Forms">
          {forms.forms.map((f) => (
            <Card key={f.id} component="li" withBorder padding="sm">
              <Group wrap="nowrap" align="center">
                <FormIcon icon={f.icon} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor component={Link} to={`${owner.base}/${encodeURIComponent(f.id)}`} fw={600}>
                    {f.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {f.description}
                  </Text>
                  <Group gap={6}>
                    {!f.editable && (
                      <Badge variant="outline" color="gray">
                        Read-only · from {f.parentOrg}
                      </Badge>
                    )}
                    {f.addToAll && <Badge variant="light">Added to every appointment</Badge>}
                    {f.challenge && (
                      <Badge variant="light" color="grape">
                        Birth-date check
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
