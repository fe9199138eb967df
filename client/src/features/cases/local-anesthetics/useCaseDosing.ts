import {
  caseCardiacDisease,
  caseLimitSet,
  signoffLimitSetNote,
  trackerLimitSet,
  type CaseCardiacDisease,
  type LimitSet,
} from '@vigil/shared';
import { useCaseValue, type CaseDoc } from '../../../case/index.js';

/** What the case says the tracker's maxima are worked under: the heart (EP2) and the limit set (LA19). */
export interface CaseDosing {
  heart: CaseCardiacDisease;
  setCardiacSwitch: (on: boolean | null) => void;
  limits: LimitSet;
  setChosenLimits: (limits: string | null) => void;
  /** What sign-off says of the limit set, or null. */
  limitsNote: string | null;
}

/**
 * The case's settings for the local anesthetic tracker: cardiovascular disease sets the
 * epinephrine limit (EP2), the case's switch, else the health history; the limit set chosen for
 * the case (kept in it, so sign-off checks it too, LA19), else the age default.
 */
export function useCaseDosing(doc: CaseDoc | undefined, ageYears: number | null): CaseDosing {
  const [cardiacSwitch, setCardiacSwitch] = useCaseValue<boolean>(doc, 'cardiacDisease');
  const [systemsReview] = useCaseValue<unknown>(doc, 'systemsReview');
  const heart = caseCardiacDisease({ cardiacDisease: cardiacSwitch, systemsReview });
  const [chosenLimits, setChosenLimits] = useCaseValue<string>(doc, 'localAnestheticLimits');
  const limits = trackerLimitSet(ageYears, caseLimitSet({ localAnestheticLimits: chosenLimits }));
  return { heart, setCardiacSwitch, limits, setChosenLimits, limitsNote: signoffLimitSetNote(ageYears, limits) };
}
