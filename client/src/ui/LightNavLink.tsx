import { NavLink, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

export interface LightNavLinkProps {
  href: string;
  label: string;
  active: boolean;
  onClick: () => void;
  /** Show the 'NEW' badge (NB1); left out of the link's name, which stays the label. */
  isNew?: boolean;
}

const ROOT_CLASS = ['mantine-focus-auto', NavLink.classes.root, UnstyledButton.classes.root].filter(Boolean).join(' ');
// A 44 px touch target, as `mih={44}`.
const ROOT_STYLE: CSSProperties = { minHeight: 'calc(2.75rem * var(--mantine-scale))' };
// White on blue 8 reads at 7:1 (WCAG AA at badge size).
const NEW_STYLE: CSSProperties = {
  marginLeft: 8,
  padding: '1px 6px',
  borderRadius: 4,
  fontSize: 11,
  fontWeight: 700,
  color: 'var(--mantine-color-white)',
  background: 'var(--mantine-color-blue-8)',
};

/**
 * Mantine's `<NavLink component={Link} mih={44}>` with a label only, as plain elements (the same
 * markup; LightNavLink.test.tsx compares it with Mantine's). The navigation of every screen
 * has eight or more, rendered before a case screen's first frame on a throttled tablet.
 */
export function LightNavLink({ href, label, active, onClick, isNew = false }: LightNavLinkProps): ReactNode {
  return (
    <Link to={href} onClick={onClick} className={ROOT_CLASS} style={ROOT_STYLE} data-active={active || undefined}>
      <div className={NavLink.classes.body}>
        <span className={NavLink.classes.label}>
          {label}
          {isNew && (
            <span aria-hidden="true" style={NEW_STYLE} data-testid="nav-new">
              NEW
            </span>
          )}
        </span>
        <span className={NavLink.classes.description} data-active={active || undefined} />
      </div>
    </Link>
  );
}
