import type { ReactNode } from 'react';

/**
 * The signature as an image (an SVG in an <img> runs no script): the BAA's signers and the
 * countersigning screen; beside SignaturePad, which draws one.
 */
export function SignatureImage({ svg, label }: { svg: string; label: string }): ReactNode {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      style={{ maxWidth: '100%', height: 120, border: '1px solid #dee2e6', background: 'white' }}
    />
  );
}
