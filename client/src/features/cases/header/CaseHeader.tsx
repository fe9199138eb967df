import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, type ReactNode } from 'react';
import type { CaseDocumentState } from '../../../sync/caseDocument.js';
import { SyncIndicator } from '../../../sync/SyncIndicator.js';
import { useCaseState, type CaseStateSource } from '../../../sync/useCaseDocument.js';
import type { CaseHeaderModel } from './caseHeaderModel.js';
import classes from './CaseHeader.module.css';
import { LightButton } from './LightButton.js';

export interface CaseSectionLink {
  id: string;
  label: string;
}

export interface CaseHeaderProps {
  model: CaseHeaderModel;
  /** The open case, whose save status and peers the header shows as they change. */
  caseState: CaseStateSource | null;
  /** Why the case cannot be changed, or null while it can. */
  readOnlyReason: string | null;
  sections: readonly CaseSectionLink[];
}

/** Scrolls to a section and moves the keyboard focus to its heading. */
function goTo(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const heading = el.querySelector<HTMLElement>('h2, h3');
  (heading ?? el).focus({ preventScroll: true });
}

/**
 * The section navigation; it re-renders only when the sections shown change, not with each save.
 * It scrolls sideways natively: Mantine's ScrollArea read the scroll position as it mounted,
 * which forced a layout of the page while a case opened.
 */
const SectionNav = memo(function SectionNav({ sections }: { sections: readonly CaseSectionLink[] }): ReactNode {
  return (
    <nav aria-label="Case sections" className={classes.sectionNav}>
      {sections.map((s) => (
        <LightButton key={s.id} variant="subtle" size="sm" onClick={() => goTo(s.id)}>
          {s.label}
        </LightButton>
      ))}
    </nav>
  );
});

const wholeState = (s: CaseDocumentState): CaseDocumentState => s;
const peersOf = (s: CaseDocumentState): CaseDocumentState['peers'] => s.peers;

/**
 * The save status: the one part of the header that follows every save. It follows a frame
 * behind: the tap that charted something paints first, then the status says it is saving.
 */
function SaveStatus({ source }: { source: CaseStateSource | null }): ReactNode {
  return <SyncIndicator state={useDeferredValue(useCaseState(source, wholeState))} />;
}

function Peers({ source }: { source: CaseStateSource | null }): ReactNode {
  const peers = useCaseState(source, peersOf);
  return (
    peers.length > 0 && (
      <Text size="sm" data-testid="peers">
        Also charting: {peers.map((p) => `${p.name} (${p.role}, ${p.device})`).join(', ')}
      </Text>
    )
  );
}

/**
 * The case header (issue 8): patient, age, weight, BMI badge, allergies alert, sedation level,
 * case status, the save status, who else is charting, the read-only reason, and the section
 * navigation. It stays at the top while the sections scroll under it.
 */
export const CaseHeader = memo(function CaseHeader({
  model,
  caseState,
  readOnlyReason,
  sections,
}: CaseHeaderProps): ReactNode {
  return (
    <Paper
      withBorder
      shadow="xs"
      p="sm"
      component="header"
      aria-label="Case header"
      style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 100 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h3" data-testid="case-patient">
              {model.name}
            </Title>
            {model.age && <Text data-testid="case-age">{model.age}</Text>}
            {model.weight && <Text data-testid="case-weight">{model.weight}</Text>}
            {model.bmi && (
              <Badge
                color={model.bmi.colour}
                variant="light"
                data-testid="case-bmi"
                aria-label={`BMI ${model.bmi.value}`}
              >
                BMI {model.bmi.value}
              </Badge>
            )}
            <Badge variant="outline" data-testid="case-sedation" aria-label={`Sedation level: ${model.sedationLevel}`}>
              {model.sedationLevel}
            </Badge>
            <Badge variant="light" color="grape" data-testid="case-status" aria-label={`Case status: ${model.status}`}>
              {model.status}
            </Badge>
          </Group>
          <SaveStatus source={caseState} />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Text
            size="sm"
            fw={model.allergies.kind === 'alert' ? 700 : 400}
            c={model.allergies.kind === 'alert' ? 'red.8' : 'dimmed'}
            role={model.allergies.kind === 'alert' ? 'alert' : undefined}
            data-testid="case-allergies"
          >
            {model.allergies.text}
          </Text>
          <Peers source={caseState} />
        </Group>
        {readOnlyReason && (
          <Alert color="gray" variant="light" p="xs" data-testid="read-only-reason" title="Read-only">
            {readOnlyReason}
          </Alert>
        )}
        <SectionNav sections={sections} />
      </Stack>
    </Paper>
  );
});
