import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import type { CaseDocumentState } from '../../../sync/caseDocument.js';
import { SyncIndicator } from '../../../sync/SyncIndicator.js';
import { useCaseState, type CaseStateSource } from '../../../sync/useCaseDocument.js';
import type { CaseHeaderModel } from './caseHeaderModel.js';
import classes from './CaseHeader.module.css';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { PatientPhoto } from '../../../ui/PatientPhoto.js';

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
  /**
   * A section to bring to the top once, when it becomes known (a finalized case opens on its
   * Report section, issue 25), unless the reader has already scrolled.
   */
  openOn?: string | null;
  /** A warning shown plainly under the patient line (the case's health history notice, issue 27). */
  notice?: string | null;
  /** The patient's photo (photoId, issue 40) and the organisation it is read from; none when null. */
  photo?: { orgId: string; photoId: string } | null;
}

/** How far below the sticky header a section's heading comes to rest (px). */
export const HEADING_GAP = 8;
/** Frames the scroll keeps a section's heading under the header while the sections above settle. */
const SETTLE_FRAMES = 90;
/** Frames in a row the heading must stay put before the scroll lets go. */
const STILL_FRAMES = 6;
/** Frames a tapped section that has not mounted yet is waited for (about ten seconds). */
const MOUNT_FRAMES = 600;

/**
 * How far to scroll so a heading whose top is at `headingTop` rests HEADING_GAP below the sticky
 * header's bottom (viewport pixels); 0 within a pixel.
 */
export function scrollDelta(headingTop: number, headerBottom: number): number {
  const delta = headingTop - (headerBottom + HEADING_GAP);
  return Math.abs(delta) < 1 ? 0 : delta;
}

/**
 * The heading the navigation brings to the top: the section's own, else the section; made
 * focusable from script (tabindex -1) where its section did not (the Report section's). Null
 * while the section is not in the page, or is still the case screen's placeholder for it
 * (`data-section-placeholder`, CasePage): focusing the placeholder lost the focus, and the place,
 * when the section replaced it.
 */
function headingOf(id: string): HTMLElement | null {
  const el = document.getElementById(id);
  if (!el || el.matches('[data-section-placeholder]') || el.querySelector('[data-section-placeholder]')) return null;
  const heading = el.querySelector<HTMLElement>('h2, h3') ?? el;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Scrolls to a section so its heading sits just under the sticky header, and moves the keyboard
 * focus there (issue 25: on a fresh case the heading ended up elsewhere). Sections above it are
 * still mounting or painting for the first time (content-visibility) and change height as they do,
 * so the scroll is corrected frame by frame until the heading stays put; a touch, wheel or key
 * from the user ends it. A section not mounted yet (they mount one per task after the first few,
 * a placeholder standing in) is waited for, up to MOUNT_FRAMES: a tab tapped as soon as the case
 * shows still goes there.
 */
function goTo(id: string, header: HTMLElement | null): void {
  let waited = 0;
  let frames = 0;
  let still = 0;
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true });
  const step = (): void => {
    if (stopped) return;
    const heading = headingOf(id);
    if (!heading) {
      if (++waited >= MOUNT_FRAMES) return stop();
      requestAnimationFrame(step);
      return;
    }
    const before = window.scrollY;
    const delta = scrollDelta(heading.getBoundingClientRect().top, header?.getBoundingClientRect().bottom ?? 0);
    if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
    // Still when in place, or when the page cannot scroll further (the last sections).
    still = delta === 0 || window.scrollY === before ? still + 1 : 0;
    if (still >= STILL_FRAMES || ++frames >= SETTLE_FRAMES) {
      heading.focus({ preventScroll: true });
      return stop();
    }
    requestAnimationFrame(step);
  };
  headingOf(id)?.focus({ preventScroll: true });
  step();
}

/**
 * The section navigation; it re-renders only when the sections shown change, not with each save.
 * Every section is on screen at once, one tap away (issue 35): the tabs wrap onto a second row
 * (a third on a portrait tablet, more on a phone) rather than scroll out of sight.
 */
const SectionNav = memo(function SectionNav({ sections }: { sections: readonly CaseSectionLink[] }): ReactNode {
  return (
    <nav aria-label="Case sections" className={classes.sectionNav}>
      {sections.map((s) => (
        <LightButton
          key={s.id}
          variant="subtle"
          size="sm"
          onClick={(e) => goTo(s.id, e.currentTarget.closest('header'))}
        >
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
 * A warning on the patient line (the health history notice, issue 27), so the header stays two
 * rows high (issue 25). Its headline ("No health history") always shows; the sentence after it
 * only where the line has room (landscape), and is read out by screen readers everywhere.
 */
function Notice({ text }: { text: string }): ReactNode {
  const at = text.indexOf(': ');
  const [head, detail] = at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
  return (
    <Text size="sm" c="orange.9" fw={700} lh={1.3} role="alert" data-testid="case-notice" title={text}>
      {head}
      {detail && <span className={classes.noticeDetail}>:{detail}</span>}
    </Text>
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
  openOn = null,
  notice = null,
  photo = null,
}: CaseHeaderProps): ReactNode {
  const ref = useRef<HTMLElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!openOn || opened.current) return;
    opened.current = true;
    if (window.scrollY < 8) goTo(openOn, ref.current);
  }, [openOn]);
  return (
    <Paper
      ref={ref}
      withBorder
      shadow="xs"
      px="sm"
      py={6}
      component="header"
      aria-label="Case header"
      className={classes.header}
      data-case-header
    >
      <Stack gap={4}>
        <div className={classes.summary}>
          {photo && <PatientPhoto orgId={photo.orgId} photoId={photo.photoId} name={model.name} size={36} />}
          <Title order={1} size="h4" data-testid="case-patient" className={classes.patient}>
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
          <Text
            size="sm"
            fw={model.allergies.kind === 'alert' ? 700 : 400}
            c={model.allergies.kind === 'alert' ? 'red.8' : 'dimmed'}
            role={model.allergies.kind === 'alert' ? 'alert' : undefined}
            data-testid="case-allergies"
          >
            {model.allergies.text}
          </Text>
          {notice && <Notice text={notice} />}
          <Peers source={caseState} />
          <div className={classes.saveStatus}>
            <SaveStatus source={caseState} />
          </div>
        </div>
        {/* One short line, so the header stays low on a tablet (issue 25: ~100 px at 1280x800). */}
        {readOnlyReason && (
          <Text size="sm" c="gray.8" lh={1.3} data-testid="read-only-reason">
            <Text span inherit fw={700}>
              Read-only:
            </Text>{' '}
            {readOnlyReason}
          </Text>
        )}
        <SectionNav sections={sections} />
      </Stack>
    </Paper>
  );
});
