import { z } from 'zod';
import { PREOP_FORM_STATES, PREOP_HISTORY_STATES, PREOP_ITEMS } from '../calendar/preop.js';

/*
 * The pre-op list's GraphQL views (issue 40): written once here, compared with the SDL of
 * sync-server/src/graphql/preop.ts by views-sdl.test.ts.
 */

export const preopFormViewSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  state: z.enum(PREOP_FORM_STATES),
});

export const preopNpoViewSchema = z.object({ byId: z.string(), byName: z.string(), at: z.string() });

/** One row of the pre-op list (GraphQL `preopList`): the visit, its patient and PRE6's verdict. */
export const preopRowViewSchema = z.object({
  appointmentId: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  patientBirthDate: z.string().nullable(),
  providerId: z.string().nullable(),
  locationId: z.string().nullable(),
  sedationLevel: z.string().nullable(),
  healthHistory: z.enum(PREOP_HISTORY_STATES),
  forms: z.array(preopFormViewSchema),
  weightRecorded: z.boolean(),
  allergiesReviewed: z.boolean(),
  npo: preopNpoViewSchema.nullable(),
  /** PRE6's missing items in column order; the SDL carries them as strings. */
  missing: z.array(z.enum(PREOP_ITEMS)),
});
export type PreopRowView = z.infer<typeof preopRowViewSchema>;

/** The office's pre-op settings (GraphQL `preopSettings`): PRE3's review period in days. */
export const preopSettingsViewSchema = z.object({ reviewDays: z.number() });
export type PreopSettingsView = z.infer<typeof preopSettingsViewSchema>;
