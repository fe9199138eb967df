import { Anchor, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { padPoint, SIGNATURE_HEIGHT, signatureWidth, strokesToPath } from './signaturePath.js';

export interface SignaturePadProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the drawn path and whether to save it for future use. */
  onSign: (path: string, save: boolean) => void;
  /** A saved signature to start from: drawing is locked until Clear (spec 002 §3). */
  initialPath?: string | null;
  /** Offer the save-for-future-use box (fully authenticated users only, spec 000 §6). */
  offerSave?: boolean;
  defaultSave?: boolean;
  confirmLabel?: string;
}

/**
 * The signature pad (spec 002 §2, §3, §9): a full-screen drawing surface with 'Clear Signature',
 * a close button and a confirm button ('Sign' by default) disabled until something is drawn,
 * then a box to save or update the signature for future use.
 */
export function SignaturePad({
  opened,
  onClose,
  onSign,
  initialPath = null,
  offerSave = false,
  defaultSave = false,
  confirmLabel = 'Sign',
}: SignaturePadProps): ReactNode {
  const [strokes, setStrokes] = useState<[number, number][][]>([]);
  const [showingSaved, setShowingSaved] = useState(initialPath !== null);
  const [save, setSave] = useState(defaultSave);
  const drawing = useRef(false);
  const width = signatureWidth(typeof window === 'undefined' ? 660 : window.innerWidth);
  const path = showingSaved ? (initialPath ?? '') : strokesToPath(strokes);

  const point = (e: PointerEvent<SVGSVGElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return padPoint(e.clientX - rect.left, e.clientY - rect.top, e.pointerType, width);
  };

  return (
    <Modal opened={opened} onClose={onClose} fullScreen title="Signature">
      <Stack gap="sm" align="center">
        <svg
          width={width}
          height={SIGNATURE_HEIGHT}
          viewBox={`0 0 ${width} ${SIGNATURE_HEIGHT}`}
          data-testid="signature-pad"
          style={{ border: '1px solid #adb5bd', touchAction: 'none', background: 'white', cursor: 'crosshair' }}
          onPointerDown={(e) => {
            if (showingSaved) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            drawing.current = true;
            setStrokes((s) => [...s, [point(e)]]);
          }}
          onPointerMove={(e) => {
            if (!drawing.current || showingSaved) return;
            const p = point(e);
            setStrokes((s) => [...s.slice(0, -1), [...(s.at(-1) ?? []), p]]);
          }}
          onPointerUp={() => {
            drawing.current = false;
          }}
        >
          <path d={path || 'M 0 0'} fill="none" stroke="black" strokeWidth={2} strokeLinecap="round" />
        </svg>
        <Group w={width} justify="space-between">
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              setStrokes([]);
              setShowingSaved(false);
            }}
          >
            Clear Signature
          </Anchor>
          {offerSave && path !== '' && (
            <Checkbox
              label="Save this signature for future use"
              checked={save}
              onChange={(e) => setSave(e.currentTarget.checked)}
            />
          )}
        </Group>
        <Group>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button disabled={path === ''} onClick={() => onSign(path, save)}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
