// Linted as client/src/features/<area>/…: a feature reaching into the case's Yjs document.
import * as Y from 'yjs';

export const doc = new Y.Doc();
