// Linted as client/src/features/<area>/…: a feature importing the app shell (client/src/app).
import { App } from '../../app/App.js';

export const shell = App;
