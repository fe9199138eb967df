// Linted as client/src/data/…: an API client importing a feature.
import { CasePage } from '../features/cases/CasePage.js';

export const page = CasePage;
