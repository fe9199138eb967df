import { Alert, Badge, Button, Group, Image, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import {
  missingRequiredHhxFields,
  SIGNING_INCOMPLETE_WARNING,
  type HealthHistoryData,
  type HealthHistoryTab,
  type SectionStatus,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { SignaturePad } from '../../ui/SignaturePad.js';
import { modeText, type EditorMode } from './editorModel.js';
import { isFinished } from '../../data/healthHistories.js';

/** Field labels for 'what is missing' (spec 002 §5 required fields). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  height: 'Height',
  weight: 'Weight',
  asaClassification: 'ASA classification',
  allergiesSummary: 'Allergies',
  mallampati: 'Mallampati',
  medications: 'Medications',
  hospitalizationSummary: 'Non-surgical hospitalization',
  surgicalHistorySummary: 'Past surgical history',
  anesthesiaHistorySummary: 'Personal anesthesia history',
  familyAnesthesiaHistorySummary: 'Family anesthesia history',
  medicalConsult: 'Medical consult (yes/no)',
};

export const STATUS_LABELS: Readonly<Record<SectionStatus, string>> = {
  complete: 'Complete',
  partial: 'Partial',
  incomplete: 'Incomplete',
  skipped: 'Skipped',
};
export const STATUS_COLOURS: Readonly<Record<SectionStatus, string>> = {
  complete: 'green',
  partial: 'teal',
  incomplete: 'orange',
  skipped: 'gray',
};

export interface ReviewTabProps {
  data: HealthHistoryData;
  sections: { tab: HealthHistoryTab; status: SectionStatus }[];
  complete: boolean;
  enteredElsewhere: boolean;
  canSign: boolean;
  mode: EditorMode;
  /** Whether the running or last completion carries a signature. */
  withSignature: boolean;
  /** Read-only for a reason other than being finished (another build, refused, loading). */
  blocked: boolean;
  onOpenTab: (tab: HealthHistoryTab) => void;
  onSign: (signature: string) => void;
  onMarkComplete: () => void;
  onSigningChange: (open: boolean) => void;
}

/**
 * Review & Complete (spec 002 §2, §4, §5): every section's status and what is missing; Sign and
 * Complete for a user who can sign (signature pad), else Mark Complete; the warning when signing an
 * incomplete history; the progress texts of the editor modes. A signed history shows its summary
 * read-only; a provider may add a signature to one only marked complete.
 */
export function ReviewTab(props: ReviewTabProps): ReactNode {
  const { data, sections, complete, canSign, mode } = props;
  const [padOpen, setPadOpen] = useState(false);
  const missing = missingRequiredHhxFields(data, props.enteredElsewhere);
  const signed = data.finalReportSignatureTime != null;
  const markedOnly = !signed && data.markedCompleteTime != null;
  const finished = isFinished(data);
  const busy = mode === 'finalizing' || mode === 'finalized';
  const progress = modeText(mode, props.withSignature);
  const openPad = (): void => {
    setPadOpen(true);
    props.onSigningChange(true);
  };
  const closePad = (): void => {
    setPadOpen(false);
    props.onSigningChange(false);
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Review &amp; Complete
      </Title>
      {signed && (
        <Alert color="green" title="Signed" data-testid="hhx-signed-summary">
          <Stack gap={4}>
            <Text size="sm">
              Signed by {data.finalReportSignerName ?? 'Unknown'} on{' '}
              {new Date(data.finalReportSignatureTime as string | number).toLocaleString()}. This health history can no
              longer be changed; Update Health History makes an editable copy.
            </Text>
            {data.finalReportSignature && <SignatureImage path={data.finalReportSignature} />}
          </Stack>
        </Alert>
      )}
      {markedOnly && (
        <Alert color="blue" title="Marked complete">
          Marked complete by {data.markedCompleteByName ?? 'Unknown'} on{' '}
          {new Date(data.markedCompleteTime as string | number).toLocaleString()}.
          {canSign ? ' You can add your signature.' : ' A provider can add a signature.'}
        </Alert>
      )}
      <Table withTableBorder verticalSpacing="xs" aria-label="Sections">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Section</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sections.map((s) => (
            <Table.Tr key={s.tab}>
              <Table.Td>
                <Button variant="subtle" size="compact-md" mih={44} onClick={() => props.onOpenTab(s.tab)}>
                  {s.tab}
                </Button>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[s.status]} variant="light" data-testid={`review-status-${s.tab}`}>
                  {STATUS_LABELS[s.status]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {missing.length > 0 ? (
        <div>
          <Text fw={600}>Missing required information</Text>
          <List size="sm" data-testid="hhx-missing">
            {missing.map((f) => (
              <List.Item key={f}>{FIELD_LABELS[f] ?? f}</List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text c="dimmed">Every required field is filled in.</Text>
      )}
      {(!finished || (markedOnly && canSign)) && !complete && !props.blocked && (
        <Alert color="orange" data-testid="hhx-incomplete-warning">
          {SIGNING_INCOMPLETE_WARNING}
        </Alert>
      )}
      {progress && (
        <Group gap="xs" role="status" aria-live="polite" data-testid="hhx-progress">
          {mode === 'finalizing' && <Loader size="sm" />}
          <Text c={mode === 'failed' ? 'red.8' : undefined} fw={600}>
            {progress}
          </Text>
        </Group>
      )}
      {!props.blocked && (
        <Group>
          {canSign && (!finished || markedOnly) && (
            <Button mih={44} onClick={openPad} disabled={busy}>
              {markedOnly ? 'Add Signature' : 'Sign and Complete'}
            </Button>
          )}
          {!canSign && !finished && (
            <Button mih={44} onClick={props.onMarkComplete} disabled={busy}>
              Mark Complete
            </Button>
          )}
        </Group>
      )}
      <SignaturePad
        opened={padOpen}
        onClose={closePad}
        confirmLabel="Sign"
        onSign={(path) => {
          setPadOpen(false);
          props.onSign(path);
        }}
      />
    </Stack>
  );
}

/** A stored signature path, drawn small. */
function SignatureImage({ path }: { path: string }): ReactNode {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 660 300"><path d="${path.replace(/[^0-9MLCQZ .,-]/gi, '')}" fill="none" stroke="black" stroke-width="3"/></svg>`;
  return (
    <Image src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt="Signature" w={220} h={100} fit="contain" />
  );
}
