import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as ZXing from 'zxing-wasm/reader';
import { readScan, type ScannedPackage } from './scan.js';

export interface CameraScanProps {
  onScan: (scanned: ScannedPackage) => void;
}

type CameraState = 'starting' | 'scanning' | 'unavailable' | 'denied' | 'notGs1';

/** Loads the barcode reader (zxing-wasm, DataMatrix among others) only when the camera is opened; its WebAssembly is served by Vigil itself. */
async function reader(): Promise<typeof ZXing> {
  const [zxing, wasm] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  zxing.prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm.default : prefix + path),
    },
  });
  return zxing;
}

/**
 * The camera button: opens the back camera and reads the package's GS1 DataMatrix a few times a
 * second until one reads as a GS1 code (readScan), then closes.
 */
export function CameraScan({ onScan }: CameraScanProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" mih={44} onClick={() => setOpen(true)}>
        Scan with camera
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Scan the package" size="lg">
        {open && (
          <CameraView
            onScan={(s) => {
              setOpen(false);
              onScan(s);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function CameraView({ onScan }: CameraScanProps): ReactNode {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const done = useRef(onScan);
  done.current = onScan;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let live = true;
    const canvas = document.createElement('canvas');
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        setState(err instanceof DOMException && err.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (!live || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const zxing = await reader();
      setState('scanning');
      const tick = async (): Promise<void> => {
        const v = video.current;
        if (!live || !v || v.videoWidth === 0) {
          if (live) timer = window.setTimeout(() => void tick(), 300);
          return;
        }
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        ctx?.drawImage(v, 0, 0);
        const image = ctx?.getImageData(0, 0, canvas.width, canvas.height);
        const results = image
          ? await zxing.readBarcodes(image, { formats: ['DataMatrix', 'QRCode', 'Code128'], tryHarder: true })
          : [];
        for (const r of results) {
          const scanned = readScan(r.text);
          if (scanned && live) {
            live = false;
            done.current(scanned);
            return;
          }
          if (r.text !== '') setState('notGs1');
        }
        if (live) timer = window.setTimeout(() => void tick(), 300);
      };
      void tick();
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);
  return (
    <Stack>
      {state === 'denied' && (
        <Alert color="red" role="alert" title="No camera permission">
          Allow the camera for this site in the browser settings, or use a USB scanner.
        </Alert>
      )}
      {state === 'unavailable' && (
        <Alert color="red" role="alert" title="No camera">
          This device has no camera Vigil can use. Use a USB scanner or enter the lot by hand.
        </Alert>
      )}
      {state === 'notGs1' && (
        <Alert color="yellow" role="status">
          A barcode was read but it is not a GS1 package code. Aim at the square DataMatrix.
        </Alert>
      )}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera"
        style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 8 }}
      />
      <Group gap="xs" role="status">
        <Text size="sm" c="dimmed">
          {state === 'starting' ? 'Starting the camera…' : 'Hold the package’s DataMatrix in front of the camera.'}
        </Text>
      </Group>
    </Stack>
  );
}
