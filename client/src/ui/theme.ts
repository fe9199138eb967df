import { createTheme, DEFAULT_THEME, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { VIEWPORT_BREAKPOINTS_PX } from '@vigil/shared';

const em = (px: number): string => `${px / 16}em`;

/** A default palette with some shades replaced. */
function palette(name: string, shades: Record<number, string>): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray;
  return base.map((c, i) => shades[i] ?? c) as unknown as MantineColorsTuple;
}

/**
 * Shades darkened so text keeps WCAG AA contrast (4.5:1; axe-core's color-contrast on the case
 * screen): dimmed text (gray 6), error text (red 6), and the text of light variants (shade 9 on
 * shade 1) of the colours whose default shade 9 is too light.
 */
const AA_COLOURS = {
  gray: palette('gray', { 6: '#5c636a' }),
  red: palette('red', { 6: '#c92a2a', 9: '#a61e1e' }),
  green: palette('green', { 9: '#1e6b2f' }),
  orange: palette('orange', { 9: '#a8380a' }),
  yellow: palette('yellow', { 9: '#8a4a00' }),
  teal: palette('teal', { 9: '#06604a' }),
  lime: palette('lime', { 9: '#466f0a' }),
  cyan: palette('cyan', { 9: '#0a6070' }),
};

/**
 * Mantine theme. Breakpoints follow spec 000 §4: sm under 600 px, md under 960 px, else lg,
 * so `sm` in Mantine props means "600 px and up".
 */
export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
  // Filled colours and links dark enough for white text and white pages (WCAG AA); autoContrast
  // picks dark text on the light filled colours.
  primaryShade: 8,
  autoContrast: true,
  colors: AA_COLOURS,
  defaultRadius: 'md',
  breakpoints: {
    xs: em(480),
    sm: em(VIEWPORT_BREAKPOINTS_PX.sm),
    md: em(VIEWPORT_BREAKPOINTS_PX.md),
    lg: em(1200),
    xl: em(1440),
  },
  components: {
    // Touch targets of at least 44 px on tablets.
    Button: { defaultProps: { size: 'md' } },
    // Scroll locking adds a style sheet to the page while a dialog is open, which makes the
    // browser restyle the whole page on opening and again on closing (about 90 ms each on a
    // throttled tablet on the case screen). The overlay already keeps the page out of reach.
    // The close button is a touch target too (44 px, spec's tablet use; issue 8 quality bar).
    Modal: { defaultProps: { lockScroll: false, closeButtonProps: { size: 'xl', 'aria-label': 'Close' } } },
    // A loader is a span; the name screens give it ('Loading', 'Opening the case') is allowed only
    // on an element with a role (axe: aria-prohibited-attr, serious). Status also has screen
    // readers announce it. The axe scan of every screen found it on a screen caught loading.
    Loader: { defaultProps: { role: 'status' } },
  },
});
