// Linted as client/src/features/<area>/…: a feature reaching into another feature's module, not its index.
import { FinalizeSection } from '../report/FinalizeSection.js';

export const section = FinalizeSection;
