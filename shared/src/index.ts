export * from './constants/time.js';
export * from './constants/shell.js';
export * from './constants/case.js';
export * from './constants/widgets.js';
export * from './enums.js';
export * from './id.js';
export * from './units.js';
export * from './case-data/index.js';
export * from './health-history/index.js';
export * from './rules/bmi.js';
export * from './rules/health-history.js';
export * from './rules/local-anesthetics.js';
export * from './rules/local-anesthetics-epinephrine.js';
export * from './rules/ideal-body-weight.js';
export * from './rules/drugs.js';
export * from './rules/vitals.js';
export * from './rules/vitals-chart.js';
export * from './rules/case-fields.js';
export * from './rules/discharge-score.js';
export * from './rules/event-times.js';
export * from './rules/editing-window.js';
export * from './rules/case-roles.js';
export * from './rules/final-signer.js';
export * from './rules/time-input.js';
export * from './rules/numeric-input.js';
export * from './rules/list-textarea.js';
export * from './rules/smart-suggestions.js';
export * from './rules/copy-case-data.js';
export * from './rules/sedation-level.js';
export * from './rules/gs1.js';
export * from './rules/report.js';
export * from './signoff/signoff.js';
export * from './analytics/case-facts.js';
export * from './analytics/office-reports.js';
export * from './analytics/events.js';
export * from './analytics/client-log.js';
// The local anesthetic limit set one case is charted and signed off against (LA19), for the L.A. tracker.
export {
  ageDefaultLimitSets,
  caseLimitSet,
  LIMIT_SET_TEXTS,
  signoffLimitSetNote,
  signoffLimitSets,
  trackerLimitSet,
} from './signoff/signoff-threshold.js';
// The consent the patient signed for a case on the patient link (SO3): the gate and the case screen read it.
export { patientSignedConsent } from './signoff/signoff-missing.js';
export * from './rules/policies.js';
export * from './rules/signed-records.js';
export * from './auth/index.js';
export * from './texts/refusals.js';
export { importCycles } from './graph/cycles.js';
export * from './sync/index.js';
export * from './orgs/index.js';
export * from './fhir/index.js';
export * from './calendar/index.js';
export * from './report/index.js';
export * from './views/index.js';
export * from './forms/index.js';
export * from './images/index.js';
export * from './tour/index.js';
export * from './rules/ledger.js';
export * from './plans/index.js';
export * from './presets/index.js';
export * from './shop/orders.js';
export * from './team/oversight.js';
export * from './monitors/index.js';
export * from './feedback/index.js';
export * from './apps/index.js';
export * from './emr/index.js';
export * from './legal/index.js';
export * from './live/live-vitals.js';
