import { NavLink, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

export interface LightNavLinkProps {
  href: string;
  label: string;
  active: boolean;
  onClick: () => void;
}

const ROOT_CLASS = ['mantine-focus-auto', NavLink.classes.root, UnstyledButton.classes.root].filter(Boolean).join(' ');
// A 44 px touch target, as `mih={44}`.
const ROOT_STYLE: CSSProperties = { minHeight: 'calc(2.75rem * var(--mantine-scale))' };

/**
 * Mantine's `<NavLink component={Link} mih={44}>` with a label only, as plain elements (the same
 * markup; LightNavLink.test.tsx compares it with Mantine's). The navigation of every screen
 * has eight or more, rendered before a case screen's first frame on a throttled tablet.
 */
export function LightNavLink({ href, label, active, onClick }: LightNavLinkProps): ReactNode {
  return (
    <Link to={href} onClick={onClick} className={ROOT_CLASS} style={ROOT_STYLE} data-active={active || undefined}>
      <div className={NavLink.classes.body}>
        <span className={NavLink.classes.label}>{label}</span>
        <span className={NavLink.classes.description} data-active={active || undefined} />
      </div>
    </Link>
  );
}
