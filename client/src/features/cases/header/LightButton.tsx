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

function buttonStyle(variant: 'light' | 'subtle', color: 'blue' | 'gray'): CSSProperties {
  return {
    '--button-height': 'var(--button-height-md)',
    '--button-padding-x': 'var(--button-padding-x-md)',
    '--button-fz': 'var(--mantine-font-size-md)',
    '--button-bg': variant === 'light' ? `var(--mantine-color-${color}-light)` : 'transparent',
    '--button-hover': `var(--mantine-color-${color}-light-hover)`,
    '--button-color': `var(--mantine-color-${color}-light-color)`,
    '--button-bd': BORDER,
    minHeight: TOUCH_HEIGHT,
  } as CSSProperties;
}

const STYLES = {
  light: { blue: buttonStyle('light', 'blue'), gray: buttonStyle('light', 'gray') },
  subtle: { blue: buttonStyle('subtle', 'blue'), gray: buttonStyle('subtle', 'gray') },
};

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
  /** The theme's primary colour (blue) unless gray. */
  color?: 'blue' | 'gray';
  children: string;
}

/** Mantine's `<Button variant={variant} color={color} mih={44}>` in this app's theme (size md). */
export function LightButton({ variant, color = 'blue', disabled, children, ...rest }: LightButtonProps): ReactNode {
  return (
    <button
      {...rest}
      type="button"
      className={rootClass(Button.classes.root, disabled)}
      style={STYLES[variant][color]}
      data-variant={variant}
      data-size="md"
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
