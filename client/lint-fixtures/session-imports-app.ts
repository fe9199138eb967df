// Linted as client/src/session/…: the session importing the app shell.
import { App } from '../app/App.js';

export const shell = App;
