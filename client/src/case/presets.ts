import * as Y from 'yjs';
import { newId, presetCaseWrites, presetVitalTracking, type PresetMacro } from '@vigil/shared';
import { ensureCaseStructure, isStructuredKey } from '../sync/caseStructure.js';
import { caseRoot, yDocOf, type CaseDoc } from './caseDoc.js';
import { applyTextEdit } from './commands.js';

/*
 * Applying presets to a case (issue 39; spec 002 §6): one command, one Yjs transaction (one save,
 * one undo step). What it writes is shared's presetCaseWrites (PS5): the macros in the order
 * chosen, doses charted now. It works offline like every command: the document is on the device.
 */

/** The lists applying a preset appends to, each a list of the case structure. */
const LISTS = ['preMeds', 'localDoses', 'drugsAdministered', 'infusionDrugs', 'ivSites', 'airways'] as const;

/** What applying answers: how to take it back (the case's undo of exactly this change), while nothing later depends on it. */
export interface AppliedPresets {
  /** Undoes the application (and only it); false when there was nothing left to undo. */
  undo: () => boolean;
  /** How many list entries and values it wrote. */
  written: number;
  /** Gives up the undo (the screen moved on): it stops following the case. */
  forget: () => void;
}

/**
 * Applies presets' macros (already narrowed to the chosen portions) to a case, in the order given,
 * in one transaction: the copied values set (the notes texts replaced by the smallest edit), the
 * drugs, IV site and airways appended, the vital types set and tracked (PS9). `undo` takes back exactly this change,
 * leaving what anyone wrote since.
 */
export function applyPresets(doc: CaseDoc, macros: readonly PresetMacro[], now: number = Date.now()): AppliedPresets {
  const w = presetCaseWrites(macros, now, newId);
  const ydoc = yDocOf(doc);
  const root = caseRoot(doc);
  // The structure's containers first, outside the undoable step: undo never removes a list.
  if (LISTS.some((k) => !(root.get(k) instanceof Y.Array))) ensureCaseStructure(ydoc);
  const origin = { presets: true };
  const undoManager = new Y.UndoManager(root, { trackedOrigins: new Set([origin]), captureTimeout: 0 });
  let written = 0;
  let live = true;
  const forget = (): void => {
    live = false;
    undoManager.destroy();
  };
  ydoc.transact(() => {
    for (const [key, value] of Object.entries(w.values)) {
      const current = root.get(key);
      if (current instanceof Y.Text && typeof value === 'string') applyTextEdit(current, value);
      else if (!isStructuredKey(key)) root.set(key, value);
      written++;
    }
    for (const key of LISTS) {
      const entries = w[key];
      if (entries.length === 0) continue;
      (root.get(key) as Y.Array<unknown>).push(entries);
      written += entries.length;
    }
    if (w.vitalTypes) {
      root.set('vitalTypes', w.vitalTypes);
      written++;
      // [PS9] The listed vitals are tracked, unless the case already chose a status for them.
      const tracking = presetVitalTracking(
        root.get('vitalTracking') as Record<string, unknown> | undefined,
        w.vitalTypes,
      );
      if (tracking) root.set('vitalTracking', tracking);
    }
  }, origin);
  return {
    written,
    undo: () => {
      const undone = live && undoManager.undoStack.length > 0 && undoManager.undo() !== null;
      forget();
      return undone;
    },
    forget,
  };
}
