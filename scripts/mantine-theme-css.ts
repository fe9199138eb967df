/**
 * Writes client/src/ui/mantine-theme.css: the CSS variables and global classes MantineProvider
 * would otherwise build in the page as the app starts (see client/src/ui/mantineThemeCss.ts).
 * Run after changing the theme or upgrading Mantine: `node --import tsx scripts/mantine-theme-css.ts`.
 */
import { writeFileSync } from 'node:fs';
import { mantineThemeCss } from '../client/src/ui/mantineThemeCss.js';

const file = new URL('../client/src/ui/mantine-theme.css', import.meta.url);
writeFileSync(file, mantineThemeCss());
console.log(`wrote ${file.pathname}`);
