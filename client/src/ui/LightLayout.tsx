import {
  getFontSize,
  getLineHeight,
  getSpacing,
  Group,
  Stack,
  Text,
  type MantineColor,
  type MantineSize,
  type MantineSpacing,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/*
 * Mantine's Stack, Group and Text as plain elements with the same markup (elements, classes, data
 * attributes, CSS variables; LightLayout.test.tsx compares them in the app's theme). Each Mantine
 * one is two components (the component and its Box) that resolve props, theme and styles API on
 * every render, and a case screen renders a few hundred of them before its first frame on a
 * throttled tablet (issue 8 cold start). They take only the props used below; Mantine's own
 * components are for anything else (style props, responsive values, polymorphism).
 */

interface LayoutProps {
  children?: ReactNode;
  className?: string;
  id?: string;
  'data-testid'?: string;
}

const classNames = (...names: (string | undefined)[]): string => names.filter(Boolean).join(' ');

export interface LightStackProps extends LayoutProps {
  gap?: MantineSpacing | number;
}

/** Mantine's `<Stack gap>`. */
export function LightStack({ gap = 'md', className, children, ...rest }: LightStackProps): ReactNode {
  const style = {
    '--stack-gap': getSpacing(gap),
    '--stack-align': 'stretch',
    '--stack-justify': 'flex-start',
  } as CSSProperties;
  return (
    <div className={classNames(className, Stack.classes.root)} style={style} {...rest}>
      {children}
    </div>
  );
}

export interface LightGroupProps extends LayoutProps {
  gap?: MantineSpacing | number;
  align?: CSSProperties['alignItems'];
  wrap?: CSSProperties['flexWrap'];
  /** Minimum height in px (Mantine's `mih`). */
  mih?: number;
}

/** Mantine's `<Group gap align wrap mih>` (not `grow`). */
export function LightGroup({
  gap = 'md',
  align = 'center',
  wrap = 'wrap',
  mih,
  className,
  children,
  ...rest
}: LightGroupProps): ReactNode {
  const style = {
    '--group-gap': getSpacing(gap),
    '--group-align': align,
    '--group-justify': 'flex-start',
    '--group-wrap': wrap,
    ...(mih === undefined ? {} : { minHeight: `calc(${mih / 16}rem * var(--mantine-scale))` }),
  } as CSSProperties;
  return (
    <div className={classNames(className, Group.classes.root)} style={style} {...rest}>
      {children}
    </div>
  );
}

export interface LightTextProps extends LayoutProps {
  size?: MantineSize;
  /** A theme colour (its text shade) or 'dimmed'. */
  c?: MantineColor | 'dimmed';
  fw?: number;
  /** A label for a form control (Mantine's `component="label"`). */
  htmlFor?: string;
  role?: 'alert';
}

/** Mantine's `<Text size c fw>`, a paragraph or, with `htmlFor`, a label. */
export function LightText({ size, c, fw, htmlFor, className, children, ...rest }: LightTextProps): ReactNode {
  const style = {
    ...(size === undefined ? {} : { '--text-fz': getFontSize(size), '--text-lh': getLineHeight(size) }),
    ...(c === undefined
      ? {}
      : { color: c === 'dimmed' ? 'var(--mantine-color-dimmed)' : `var(--mantine-color-${c}-text)` }),
    ...(fw === undefined ? {} : { fontWeight: fw }),
  } as CSSProperties;
  const props = {
    className: classNames(className, 'mantine-focus-auto', Text.classes.root),
    style,
    ...(size === undefined ? {} : { 'data-size': size }),
    ...rest,
  };
  return htmlFor === undefined ? (
    <p {...props}>{children}</p>
  ) : (
    <label {...props} htmlFor={htmlFor}>
      {children}
    </label>
  );
}
