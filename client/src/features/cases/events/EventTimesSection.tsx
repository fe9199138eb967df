import { Badge } from '@mantine/core';
import { eventTimeEntries, eventTimeIssues, isRequiredTimeOverdue } from '@vigil/shared';
import type { ReactNode } from 'react';
import { LightGroup, LightStack, LightText } from '../../../ui/LightLayout.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import type { CaseSectionProps } from '../caseSection.js';
import { useCaseRecord, useCaseValue } from '../../../case/index.js';
import { clockDateTime, hhmm, isoDate } from '../../../ui/format.js';
import { eventLabel } from './caseTimes.js';
import type { CaseTimes } from './caseTimes.js';
import { TimeIncrementor } from './TimeIncrementor.js';

export interface EventTimesSectionProps extends CaseSectionProps {
  caseTimes: CaseTimes;
  now?: () => number;
}

/**
 * Event times (spec 001 §3, §4): every event with its label, whether it is required, its
 * prerequisite and its min/max bounds from the other times (rules ET1–ET5), derived times shown
 * but not set, and each settable time on the time incrementor.
 */
export function EventTimesSection({ doc, readOnly, caseTimes, now = Date.now }: EventTimesSectionProps): ReactNode {
  const [, setEvent] = useCaseRecord<number>(doc, 'events');
  const [timeoutEnabled] = useCaseValue<boolean>(doc, 'timeoutEnabled');
  const entries = eventTimeEntries(caseTimes.input);
  const firstTime = entries.find((e) => e.time != null)?.time ?? null;
  const referenceDate = isoDate(firstTime ?? now());
  const format = (ms: number): string => (isoDate(ms) === referenceDate ? hhmm(ms) : clockDateTime(ms));
  const issues = eventTimeIssues(caseTimes.input, format);

  return (
    <SectionFrame id="case-times" title="Event times">
      <LightStack gap="md">
        {entries.map((e) => {
          if (e.id === 'timeout' && timeoutEnabled !== true && e.time == null) return null;
          const position = e.id.endsWith('_position');
          const label = position ? `Position: ${e.note ?? 'unnamed'}` : eventLabel(e.id, e.derived);
          // A missing required time turns red once the case has moved past it (ET10); until then
          // its description says Required.
          const entryIssues = issues.filter(
            (i) => i.path[1] === e.id && (i.code !== 'EVENT_REQUIRED' || isRequiredTimeOverdue(e.id, caseTimes.input)),
          );
          if (e.derived) {
            return (
              <LightGroup key={e.id} gap="sm" mih={44} data-testid={`event-${e.id}`}>
                <LightText fw={500}>{label}</LightText>
                <LightText>{e.time == null ? '--:--' : format(e.time)}</LightText>
                <Badge variant="light" color="gray">
                  {position ? 'from positions' : 'derived from the first charted time'}
                </Badge>
              </LightGroup>
            );
          }
          const prerequisite = e.preReq ? eventLabel(e.preReq) : null;
          return (
            <LightStack key={e.id} gap={2} data-testid={`event-${e.id}`}>
              <TimeIncrementor
                label={label}
                value={e.time}
                min={e.min}
                max={e.max}
                referenceDate={referenceDate}
                disabled={readOnly || (!e.canSet && e.time == null)}
                now={now}
                description={
                  [
                    e.note,
                    e.required && e.time == null ? 'Required' : null,
                    !e.canSet && prerequisite ? `Set ${prerequisite} first` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || undefined
                }
                onChange={(t) => setEvent(e.id, t)}
              />
              {entryIssues.map((i) => (
                <LightText key={i.code} size="sm" c="red" role="alert">
                  {i.code === 'EVENT_REQUIRED'
                    ? `${label} is required`
                    : i.code === 'EVENT_MISSING_PREREQUISITE'
                      ? `${label} needs ${prerequisite ?? 'its prerequisite'}`
                      : i.message}
                </LightText>
              ))}
            </LightStack>
          );
        })}
      </LightStack>
    </SectionFrame>
  );
}
