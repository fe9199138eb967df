import { Alert, Badge, Button, Group, Paper, Popover, Stack, Text, Title } from '@mantine/core';
import { startCaseMode, TOUR_CASE_PREFIX, TOUR_STEPS, tourStepAfter, type TourStepId } from '@vigil/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useLocalCaseDoc } from '../../../case/index.js';
import { EventTimesSection } from '../events/EventTimesSection.js';
import { useCaseTimes } from '../events/useCaseTimes.js';
import { NotesSection } from '../notes/NotesSection.js';
import type { CaseContext } from '../caseSection.js';

/** The tour's made-up patient (demo data: no record of the office is read or written). */
export const TOUR_PATIENT = {
  name: 'Alex Example',
  ageYears: 34,
  weightKg: 70,
  allergies: 'No known drug allergies',
  procedure: 'Extraction of two wisdom teeth',
} as const;

/** Where the tour's step card sits: above its part of the screen, with room for the card. */
const SPOT_STYLE = { scrollMarginTop: 240 } as const;

interface TourSpotProps {
  id: TourStepId;
  /** The step shown now, or null while the tips are hidden (or in a local practice case). */
  current: number | null;
  onMove: (move: 'next' | 'back') => void;
  onHide: () => void;
  onLeave: () => void;
  children: ReactNode;
}

/**
 * One part of the tour screen and, while it is the tour's step, its tip (Mantine's Popover: the
 * styles of mantine.css, no tour library; docs/decisions.md session 29). The tip is a non-modal
 * dialog: the page stays usable (the step asks to chart something); its heading takes the focus
 * when the step comes, so a keyboard or screen-reader user meets it first.
 */
function TourSpot({ id, current, onMove, onHide, onLeave, children }: TourSpotProps): ReactNode {
  const index = TOUR_STEPS.findIndex((s) => s.id === id);
  const step = TOUR_STEPS[index]!;
  const shown = current === index;
  const spot = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!shown) return;
    spot.current?.scrollIntoView({ block: 'start' });
    // The dropdown is drawn on the next frame.
    const t = setTimeout(() => heading.current?.focus(), 50);
    return () => clearTimeout(t);
  }, [shown]);
  const last = index === TOUR_STEPS.length - 1;
  return (
    <Popover
      opened={shown}
      position="top-start"
      withArrow
      shadow="md"
      width={340}
      withRoles={false}
      hideDetached={false}
      closeOnClickOutside={false}
      // Escape is handled on the tip itself: Mantine calls a popover's onClose whenever it closes,
      // and a step closing because the next one opens must not hide the tips.
      closeOnEscape={false}
      trapFocus={false}
      returnFocus={false}
    >
      <Popover.Target>
        <div ref={spot} style={SPOT_STYLE} data-tour-step={id} data-tour-active={shown || undefined}>
          {children}
        </div>
      </Popover.Target>
      <Popover.Dropdown
        role="dialog"
        aria-labelledby={`tour-step-${id}`}
        aria-describedby={`tour-step-${id}-text`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onHide();
        }}
      >
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Step {index + 1} of {TOUR_STEPS.length}
          </Text>
          <Title order={2} size="h5" id={`tour-step-${id}`} ref={heading} tabIndex={-1}>
            {step.title}
          </Title>
          <Text size="sm" id={`tour-step-${id}-text`}>
            {step.text}
          </Text>
          <Group gap="xs" justify="space-between">
            <Button variant="subtle" color="gray" mih={44} onClick={onHide}>
              Hide tips
            </Button>
            <Group gap="xs">
              {index > 0 && (
                <Button variant="default" mih={44} onClick={() => onMove('back')}>
                  Back
                </Button>
              )}
              {last ? (
                <Button mih={44} onClick={onLeave}>
                  Leave tour
                </Button>
              ) : (
                <Button mih={44} onClick={() => onMove('next')}>
                  Next
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Tour mode (spec 000 §2: the account menu's 'Start Tour Mode', start-case with the tour flag) and
 * the local practice case (start-case with the local flag): a first case on a made-up patient,
 * charted in a case document held in this page's memory only ([TOUR3]: no device store, no sync,
 * no FHIR write), with the real case screen's sections. The tour walks its steps ([TOUR1]) with a
 * tip on each part; the local case has no tips. Leaving (or any navigation away) discards the case.
 */
export function TourPage(): ReactNode {
  const { orgId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const guided = startCaseMode(search) !== 'local';
  const doc = useLocalCaseDoc();
  const caseTimes = useCaseTimes(doc);
  const [step, setStep] = useState(0);
  const [hidden, setHidden] = useState(false);
  const current = guided && !hidden ? step : null;
  const leave = (): void => void navigate(`/org/${encodeURIComponent(orgId)}/cases`);
  const context: CaseContext = {
    orgId,
    caseId: `${TOUR_CASE_PREFIX}case`,
    weightKg: TOUR_PATIENT.weightKg,
    ageYears: TOUR_PATIENT.ageYears,
    tempsInCelsius: false,
  };
  const spot = {
    current,
    onMove: (move: 'next' | 'back') => setStep((s) => tourStepAfter(s, move)),
    onHide: () => setHidden(true),
    onLeave: leave,
  };
  const what = guided ? 'tour' : 'practice case';
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <TourSpot id="welcome" {...spot}>
        <Alert color="blue" title={guided ? 'Tour mode' : 'Practice case'}>
          <Stack gap="xs">
            <Text size="sm">
              A case on a made-up patient, kept on this page only. Nothing charted here is saved or sent to your office,
              and leaving the {what} discards it.
            </Text>
            <Group gap="xs">
              <Button mih={44} variant="default" onClick={leave}>
                Leave {what}
              </Button>
              {guided && hidden && (
                <Button mih={44} variant="subtle" onClick={() => setHidden(false)}>
                  Show tips
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      </TourSpot>
      <TourSpot id="patient" {...spot}>
        <Paper withBorder p="md" component="section" aria-labelledby="tour-patient-title">
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h3" id="tour-patient-title">
              {TOUR_PATIENT.name}
            </Title>
            <Badge color="gray" variant="light">
              Demo patient
            </Badge>
          </Group>
          <Text>
            {TOUR_PATIENT.ageYears} years · {TOUR_PATIENT.weightKg} kg · {TOUR_PATIENT.allergies}
          </Text>
          <Text c="dimmed">{TOUR_PATIENT.procedure}</Text>
        </Paper>
      </TourSpot>
      <TourSpot id="times" {...spot}>
        <EventTimesSection doc={doc} readOnly={!doc} context={context} caseTimes={caseTimes} />
      </TourSpot>
      <TourSpot id="notes" {...spot}>
        <NotesSection doc={doc} readOnly={!doc} context={context} />
      </TourSpot>
      <TourSpot id="leave" {...spot}>
        <Group>
          <Button mih={44} onClick={leave}>
            Leave {what}
          </Button>
        </Group>
      </TourSpot>
    </Stack>
  );
}
