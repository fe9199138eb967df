import { ActionIcon, Button, UnstyledButton } from '@mantine/core';
import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';

/*
 * Buttons that look and behave as Mantine's (the same elements, classes, data attributes and
 * CSS variables, with this app's theme: size md, 44 px touch targets) but are plain React
 * elements. A Mantine Button is five components (props, theme, styles API, UnstyledButton,
 * Box); the event times of the case screen have four or five per event, rendered before an
 * opened case's first frame on a throttled tablet (issue 8 cold start). LightButton.test.tsx
 * checks each against Mantine's own markup.
 */

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'style' | 'type' | 'children'>;

const BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';
const TOUCH_HEIGHT = 'calc(2.75rem * var(--mantine-scale))';

type Size = 'xs' | 'sm' | 'md';
type Color = 'blue' | 'gray' | 'red';

function buttonStyle(variant: 'light' | 'subtle', color: Color, size: Size): CSSProperties {
  return {
    '--button-height': `var(--button-height-${size})`,
    '--button-padding-x': `var(--button-padding-x-${size})`,
    '--button-fz': `var(--mantine-font-size-${size})`,
    '--button-bg': variant === 'light' ? `var(--mantine-color-${color}-light)` : 'transparent',
    '--button-hover': `var(--mantine-color-${color}-light-hover)`,
    '--button-color': `var(--mantine-color-${color}-light-color)`,
    '--button-bd': BORDER,
    minHeight: TOUCH_HEIGHT,
  } as CSSProperties;
}

const COLORS = ['blue', 'gray', 'red'] as const;
const stylesOf = (size: Size): Record<'light' | 'subtle', Record<Color, CSSProperties>> => ({
  light: Object.fromEntries(COLORS.map((c) => [c, buttonStyle('light', c, size)])) as Record<Color, CSSProperties>,
  subtle: Object.fromEntries(COLORS.map((c) => [c, buttonStyle('subtle', c, size)])) as Record<Color, CSSProperties>,
});
const STYLES = { xs: stylesOf('xs'), sm: stylesOf('sm'), md: stylesOf('md') };

const ICON_STYLE = {
  '--ai-size': TOUCH_HEIGHT,
  '--ai-bg': 'var(--mantine-color-default)',
  '--ai-hover': 'var(--mantine-color-default-hover)',
  '--ai-color': 'var(--mantine-color-default-color)',
  '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
} as CSSProperties;

/** The classes of a Mantine button: `mantine-active` (the pressed nudge) only while enabled. */
function rootClass(own: string | undefined, disabled: boolean | undefined): string {
  return ['mantine-focus-auto', disabled ? null : 'mantine-active', own, UnstyledButton.classes.root]
    .filter(Boolean)
    .join(' ');
}

export interface LightButtonProps extends NativeButtonProps {
  variant: 'light' | 'subtle';
  /** The theme's primary colour (blue) unless gray or red. */
  color?: Color;
  /** The theme's button size (md) unless xs or sm; each is 44 px high at least. */
  size?: Size;
  children: string;
}

/** Mantine's `<Button variant={variant} color={color} size={size} mih={44}>` in this app's theme. */
export function LightButton({
  variant,
  color = 'blue',
  size = 'md',
  disabled,
  children,
  ...rest
}: LightButtonProps): ReactNode {
  return (
    <button
      {...rest}
      type="button"
      className={rootClass(Button.classes.root, disabled)}
      style={STYLES[size][variant][color]}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      disabled={disabled}
    >
      <span className={Button.classes.inner}>
        <span className={Button.classes.label}>{children}</span>
      </span>
    </button>
  );
}

export interface LightIconButtonProps extends NativeButtonProps {
  /** Names the button for assistive technology: the icon is all it shows. */
  'aria-label': string;
  children: ReactNode;
}

/** Mantine's `<ActionIcon variant="default" size={44}>`. */
export function LightIconButton({ disabled, children, ...rest }: LightIconButtonProps): ReactNode {
  return (
    <button
      {...rest}
      type="button"
      className={rootClass(ActionIcon.classes.root, disabled)}
      style={ICON_STYLE}
      data-variant="default"
      data-disabled={disabled || undefined}
      disabled={disabled}
    >
      <span className={ActionIcon.classes.icon}>{children}</span>
    </button>
  );
}
