import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { VIEWPORT_BREAKPOINTS_PX } from '@vigil/shared';

const em = (px: number): string => `${px / 16}em`;

/**
 * Mantine theme. Breakpoints follow spec 000 §4: sm under 600 px, md under 960 px, else lg,
 * so `sm` in Mantine props means "600 px and up".
 */
export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'blue',
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
  },
});
