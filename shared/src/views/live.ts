import { z } from 'zod';

/*
 * Live vitals (issue 38 "Screens", issue 41 "Parent organisation"): a case in progress with its
 * latest vitals, as the liveCases and parentLiveCases queries answer it and as the live-event
 * stream pushes its summary (`liveVitals` events, without the names).
 */

/** One vital's newest value and when it was measured (epoch ms). */
export const liveVitalViewSchema = z.object({
  type: z.string(),
  value: z.number(),
  time: z.number(),
});

/** What the server keeps of a case in progress (the pushed summary): ids, times and vitals, no names. */
export const liveCaseSummarySchema = z.object({
  caseId: z.string(),
  orgId: z.string(),
  startedAt: z.number().nullable(),
  lastReadingAt: z.number().nullable(),
  monitorLabel: z.string().nullable(),
  simulated: z.boolean(),
  vitals: z.array(liveVitalViewSchema),
  updatedAt: z.number(),
});

/** A case in progress as the live screens list it: the summary with its office, patient, provider and place. */
export const liveCaseViewSchema = liveCaseSummarySchema.extend({
  orgName: z.string(),
  patient: z.string(),
  provider: z.string().nullable(),
  place: z.string().nullable(),
});

/** What a `liveVitals` event of the live-event stream carries: a summary changed, or a case left the list. */
export const liveVitalsEventSchema = z.union([
  z.object({ action: z.literal('put'), summary: liveCaseSummarySchema }),
  z.object({ action: z.literal('remove'), orgId: z.string(), caseId: z.string() }),
]);

export type LiveVital = z.infer<typeof liveVitalViewSchema>;
export type LiveCaseSummary = z.infer<typeof liveCaseSummarySchema>;
export type LiveCaseView = z.infer<typeof liveCaseViewSchema>;
export type LiveVitalsEvent = z.infer<typeof liveVitalsEventSchema>;

/**
 * One appointment of a child office on the parent organisation's calendar (issue 41 "Parent
 * organisation"): when, its status, the office, and the names the office's own calendar shows.
 */
export const parentAppointmentViewSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  /** Epoch ms. */
  start: z.number(),
  end: z.number().nullable(),
  status: z.string(),
  /** A signed record (its PDF) is linked to the appointment. */
  finalized: z.boolean(),
  description: z.string().nullable(),
  patient: z.string(),
  provider: z.string().nullable(),
  place: z.string().nullable(),
});

export type ParentAppointmentView = z.infer<typeof parentAppointmentViewSchema>;
