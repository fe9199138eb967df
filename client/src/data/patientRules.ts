import {
  ageInYears,
  BIRTH_DATE_TEXTS,
  isValidFhirBirthDate,
  parseBirthDate,
  patientFields,
  type ContactPoint,
  type HumanName,
  type Patient,
} from '@vigil/shared';

/** The new/edit patient form (spec 001 §2): First Name; Last Name; Nickname (optional); Birth Date; Email Address (optional); Phone number (optional). */
export interface PatientFormValues {
  firstName: string;
  lastName: string;
  nickname: string;
  /** The birth date as typed (free text, spec 002 §5). */
  birthDate: string;
  email: string;
  phone: string;
}

export const EMPTY_PATIENT_FORM: PatientFormValues = {
  firstName: '',
  lastName: '',
  nickname: '',
  birthDate: '',
  email: '',
  phone: '',
};

/** The form's values for an existing patient (the stored birth date as its text). */
export function formValuesOf(patient: Patient): PatientFormValues {
  const f = patientFields(patient);
  return {
    firstName: f.givenName ?? '',
    lastName: f.familyName ?? '',
    nickname: f.nickname ?? '',
    birthDate: f.birthDate ?? '',
    email: f.email ?? '',
    phone: f.mobile ?? '',
  };
}

/** The hint under the birth date field (spec 002 §5, rule HH11). */
export type BirthDateHint =
  { kind: 'empty' } | { kind: 'unparseable'; text: string } | { kind: 'interpreted'; date: string; text: string };

/**
 * [HH11] The stored value of the typed birth date and the hint to show: nothing while empty,
 * 'Could not interpret birth date yet.' when unreadable, else 'Interpreted as: {date} (age: {age})'.
 * A stored year or year-month (spec 001 §5) read back unchanged is kept as it is.
 */
export function birthDateHint(text: string, now: number): BirthDateHint {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const date = parseBirthDate(t, now);
  if (date) return { kind: 'interpreted', date, text: BIRTH_DATE_TEXTS.interpreted(date, ageInYears(date, now)) };
  if (/^\d{4}(-\d{2})?$/.test(t) && isValidFhirBirthDate(t)) {
    const first = t.length === 4 ? `${t}-01-01` : `${t}-01`;
    if (Date.parse(`${first}T00:00:00Z`) <= now) {
      return { kind: 'interpreted', date: t, text: BIRTH_DATE_TEXTS.interpreted(t, ageInYears(first, now)) };
    }
  }
  return { kind: 'unparseable', text: BIRTH_DATE_TEXTS.unparseable };
}

/** Messages of a form that cannot be saved yet, by field (names and birth date are required). */
export function patientFormErrors(
  values: PatientFormValues,
  now: number,
): Partial<Record<keyof PatientFormValues, string>> {
  const errors: Partial<Record<keyof PatientFormValues, string>> = {};
  if (!values.firstName.trim()) errors.firstName = 'First Name is required';
  if (!values.lastName.trim()) errors.lastName = 'Last Name is required';
  const hint = birthDateHint(values.birthDate, now);
  if (hint.kind === 'empty') errors.birthDate = 'Birth Date is required';
  else if (hint.kind === 'unparseable') errors.birthDate = hint.text;
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    errors.email = 'Invalid email address';
  }
  return errors;
}

/**
 * The Patient to save from the form: the official name, the nickname as a `nickname` name, the
 * parsed birth date, email and mobile phone; everything else of an existing patient (its id,
 * meta with the HTEST tag, identifiers, photo) is kept.
 */
export function patientFromForm(values: PatientFormValues, now: number, existing?: Patient): Patient {
  const hint = birthDateHint(values.birthDate, now);
  const keptNames = (existing?.name ?? []).filter((n) => n.use !== 'nickname' && n.use !== 'official' && n.use);
  const names: HumanName[] = [
    { use: 'official', family: values.lastName.trim(), given: [values.firstName.trim()] },
    ...(values.nickname.trim() ? [{ use: 'nickname' as const, given: [values.nickname.trim()] }] : []),
    ...keptNames,
  ];
  const keptTelecom = (existing?.telecom ?? []).filter(
    (t) => t.system !== 'email' && t.system !== 'phone' && t.system !== 'sms',
  );
  const telecom: ContactPoint[] = [
    ...(values.email.trim() ? [{ system: 'email' as const, value: values.email.trim() }] : []),
    ...(values.phone.trim() ? [{ system: 'phone' as const, value: values.phone.trim(), use: 'mobile' as const }] : []),
    ...keptTelecom,
  ];
  const { telecom: _t, name: _n, birthDate: _b, ...rest } = existing ?? { resourceType: 'Patient' as const };
  return {
    ...rest,
    resourceType: 'Patient',
    name: names,
    ...(telecom.length ? { telecom } : {}),
    ...(hint.kind === 'interpreted' ? { birthDate: hint.date } : {}),
  };
}

/**
 * Whether a patient matches a name search the way the server's does: every typed word starts
 * a word of the name (given, family or nickname), case-insensitively. An empty search matches all.
 */
export function matchesPatientSearch(patient: Patient, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const nameWords = (patient.name ?? [])
    .flatMap((n) => [...(n.given ?? []), n.family ?? '', n.text ?? ''])
    .flatMap((w) => w.toLowerCase().split(/\s+/))
    .filter(Boolean);
  return words.every((w) => nameWords.some((n) => n.startsWith(w)));
}

/** Patients by family name, then given name. */
export function sortPatients(patients: readonly Patient[]): Patient[] {
  const key = (p: Patient): string => {
    const f = patientFields(p);
    return `${f.familyName ?? ''}\u0000${f.givenName ?? ''}`.toLowerCase();
  };
  return [...patients].sort((a, b) => key(a).localeCompare(key(b)));
}
