import { Alert, Box, Button, Card, Checkbox, Group, List, Modal, Stack, Text, Title, Typography } from '@mantine/core';
import { contractMissing, ORG_TEXTS, type LegalDocumentView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';

export interface LegalAcceptanceDialogProps {
  /** The documents to accept, at the versions shown. */
  documents: readonly LegalDocumentView[];
  submitting: boolean;
  error: string | null;
  onAccept: () => void;
  onSignOut: () => void;
}

/**
 * The forced-choice dialog of a newly published legal document (spec 000 §1 a modal made
 * forced-choice, §7): each document's preamble, text and its checkbox; 'Still Missing:' lists
 * the boxes not ticked (spec 000 §5). It cannot be closed: the user accepts or signs out.
 */
export function LegalAcceptanceDialog({
  documents,
  submitting,
  error,
  onAccept,
  onSignOut,
}: LegalAcceptanceDialogProps): ReactNode {
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const missing = documents.flatMap((d) => contractMissing([], {}, ticked[d.name] === true, d.checkboxText));
  const title = documents.length === 1 ? `Updated ${documents[0]!.title}` : 'Updated Terms and Privacy Policy';
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
      title={title}
      data-testid="legal-acceptance"
    >
      <Stack gap="md">
        <Text size="sm">Please read and accept to continue using Vigil.</Text>
        {documents.map((d) => (
          <Stack key={d.name} gap="xs" component="section" aria-label={d.title}>
            <Title order={3} size="h5">
              {d.title} (version {d.version})
            </Title>
            <Text size="sm">{d.preamble}</Text>
            <Card
              withBorder
              padding="sm"
              mah={220}
              style={{ overflowY: 'auto' }}
              tabIndex={0}
              aria-label={`${d.title} text`}
            >
              <Typography>
                <div dangerouslySetInnerHTML={{ __html: d.html }} />
              </Typography>
            </Card>
            <Checkbox
              label={d.checkboxText}
              checked={ticked[d.name] === true}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setTicked((t) => ({ ...t, [d.name]: checked }));
              }}
            />
          </Stack>
        ))}
        {missing.length > 0 && (
          <Box aria-live="polite">
            <Text fw={600}>{ORG_TEXTS.stillMissing}</Text>
            <List size="sm">
              {missing.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Box>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onSignOut}>
            Sign Out
          </Button>
          <Button disabled={missing.length > 0} loading={submitting} onClick={onAccept}>
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
