import { z } from 'zod';
import { PRESET_OWNER_TYPES } from '../presets/owners.js';

/*
 * The presets API's GraphQL view (spec 002 §3 "Preset (macro)", §6), written once as a zod schema
 * (issue 36 item 5); views-sdl.test.ts holds it against sync-server/src/graphql/presets.ts. The
 * macro travels as JSON text (macroJSON), validated by presetMacroSchema on both sides.
 */

/** A preset as the calls answer it, its owner type relative to the caller. */
export const presetViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerType: z.enum(PRESET_OWNER_TYPES),
  ownerId: z.string(),
  /** The owner's name: the member's, or the organisation's. */
  ownerName: z.string(),
  /** The macro as JSON text (spec 002 §3). */
  macroJSON: z.string(),
  /** Whether the caller may change or delete it (spec 002 §6). */
  editable: z.boolean(),
  /** ISO time of the last change. */
  updated: z.string(),
});
export type PresetView = z.infer<typeof presetViewSchema>;
