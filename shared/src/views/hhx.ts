import { z } from 'zod';

/*
 * The health-history API's GraphQL views (spec 001 §7 newHhx, finalizeHhx, copyHhx, mergeHhx),
 * written once as zod schemas (issue 36 item 5); views-sdl.test.ts holds them against
 * sync-server/src/graphql/hhx.ts.
 */

/** A new (or copied, or merged) history: its id (also its room's) and its Composition as JSON. */
export const newHhxViewSchema = z.object({ id: z.string(), fhirJSON: z.string() });
export type NewHhxView = z.infer<typeof newHhxViewSchema>;

/** A finalized history: the content hash of what was signed, the signing time (epoch ms) and the fields written (JSON). */
export const finalizedHhxViewSchema = z.object({ checkSum: z.string(), time: z.number(), updateJSON: z.string() });
export type FinalizedHhxView = z.infer<typeof finalizedHhxViewSchema>;
