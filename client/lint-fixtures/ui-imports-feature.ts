// Linted as client/src/ui/…: a layout importing a feature.
import { CasePage } from '../features/cases/CasePage.js';

export const page = CasePage;
