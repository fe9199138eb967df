import { Anchor, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import SignatureCanvas, { type SignatureEvent } from 'signature_pad';
import { fitPointGroups, padPoint, pointGroupsToPath, SIGNATURE_HEIGHT, signatureWidth } from './signaturePath.js';

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

/** The canvas backing store follows the screen's pixel density up to this (sharp lines, modest memory). */
const MAX_PIXEL_RATIO = 3;

interface PadSize {
  /** CSS pixels (spec 002 §9: min(window width, 660) × 300). */
  width: number;
  ratio: number;
}

function currentSize(): PadSize {
  return {
    width: signatureWidth(window.innerWidth),
    ratio: Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO),
  };
}

function pointerTypeOf(event: SignatureEvent['event']): string {
  if ('pointerType' in event) return event.pointerType;
  return 'touches' in event ? 'touch' : 'mouse';
}

/** The pad's size, following window resizes and orientation changes. */
function usePadSize(): PadSize {
  const [size, setSize] = useState(currentSize);
  useEffect(() => {
    const update = (): void =>
      setSize((old) => {
        const next = currentSize();
        return next.width === old.width && next.ratio === old.ratio ? old : next;
      });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

/**
 * The signature pad (spec 002 §2, §3, §9): a full-screen drawing surface with 'Clear Signature',
 * a close button and a confirm button ('Sign' by default) disabled until something is drawn,
 * then a box to save or update the signature for future use.
 *
 * Drawing is the `signature_pad` library's (pointer events: mouse, pen and touch; any number of
 * strokes); this component sizes its canvas for the screen's pixel density, keeps the strokes
 * through a resize or a turn of the device, applies the spec's pointer offsets and clipping, and
 * hands back the strokes as SVG path data, the signature format every caller and the server take.
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
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [pad, setPad] = useState<SignatureCanvas | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [showingSaved, setShowingSaved] = useState(initialPath !== null);
  const [save, setSave] = useState(defaultSave);
  const size = usePadSize();
  const width = useRef(size.width);
  width.current = size.width;
  const savedPath = showingSaved ? (initialPath ?? '') : null;
  const hasSignature = savedPath !== null ? savedPath !== '' : drawn;

  useEffect(() => {
    // A canvas without a 2D context (a lost GPU context, a test document) cannot be drawn on; the
    // library would throw and take the page down with it, so the pad stays without strokes.
    if (!canvas?.getContext('2d')) return;
    const created = new SignatureCanvas(canvas, {
      // A 2 px black line, as the path is drawn wherever the signature is shown or printed.
      minWidth: 1,
      maxWidth: 1,
      penColor: 'black',
      backgroundColor: 'white',
    });
    // The library reads each point's position from this event's detail right after it: shift
    // it by the pointer's offset and clip it to the pad (spec 002 §3, §9).
    created.addEventListener('beforeUpdateStroke', (e) => {
      const detail = (e as CustomEvent<SignatureEvent>).detail;
      const rect = canvas.getBoundingClientRect();
      const [x, y] = padPoint(detail.x - rect.left, detail.y - rect.top, pointerTypeOf(detail.event), width.current);
      detail.x = rect.left + x;
      detail.y = rect.top + y;
    });
    created.addEventListener('endStroke', () => setDrawn(!created.isEmpty()));
    setPad(created);
    setDrawn(false);
    return () => {
      created.off();
      setPad(null);
    };
  }, [canvas]);

  // Size the canvas (CSS pixels × pixel ratio) and draw what it shows: the saved signature, or the
  // strokes drawn so far, scaled down only if the pad became too narrow for them.
  useEffect(() => {
    if (!canvas || !pad) return;
    const strokes = fitPointGroups(pad.toData(), size.width);
    canvas.width = Math.round(size.width * size.ratio);
    canvas.height = Math.round(SIGNATURE_HEIGHT * size.ratio);
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${SIGNATURE_HEIGHT}px`;
    canvas.getContext('2d')?.scale(size.ratio, size.ratio);
    if (savedPath !== null) {
      pad.clear();
      pad.off();
      const context = canvas.getContext('2d');
      if (context && savedPath !== '') {
        context.strokeStyle = 'black';
        context.lineWidth = 2;
        context.lineCap = 'round';
        context.lineJoin = 'round';
        context.stroke(new Path2D(savedPath));
      }
    } else {
      pad.fromData(strokes);
      pad.on();
    }
  }, [canvas, pad, size, savedPath]);

  return (
    <Modal opened={opened} onClose={onClose} fullScreen title="Signature">
      <Stack gap="sm" align="center">
        <div style={{ border: '1px solid #adb5bd', lineHeight: 0 }}>
          <canvas
            ref={setCanvas}
            data-testid="signature-pad"
            role="img"
            aria-label={
              savedPath !== null
                ? 'Your saved signature. Clear it to draw a new one.'
                : 'Signature pad: draw your signature with a finger, a pen or the mouse'
            }
            style={{ display: 'block', cursor: savedPath !== null ? 'default' : 'crosshair' }}
          />
        </div>
        <Group w={size.width} justify="space-between">
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              pad?.clear();
              setDrawn(false);
              setShowingSaved(false);
            }}
          >
            Clear Signature
          </Anchor>
          {offerSave && hasSignature && (
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
          <Button
            disabled={!hasSignature}
            onClick={() => onSign(savedPath ?? (pad ? pointGroupsToPath(pad.toData()) : ''), save)}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
