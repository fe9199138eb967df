import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as ZXing from 'zxing-wasm/reader';
import { isoDate } from '../../ui/format.js';
import { CAMERA_TEXTS, cameraProblem, cameraReading, expiredText, type CameraProblem } from './camera.js';
import type { ScannedPackage } from './scan.js';

export interface CameraScanProps {
  onScan: (scanned: ScannedPackage) => void;
}

/** How often a frame is read: a few times a second, light on a tablet's battery. */
const READ_EVERY_MS = 250;

let loaded: Promise<typeof ZXing> | null = null;

/**
 * The barcode reader (zxing-wasm, DataMatrix among others), loaded the first time the camera
 * opens. Its WebAssembly is a file of Vigil's own build, precached by the service worker with the
 * app (vite.config.ts), never zxing-wasm's CDN: the camera scans on a tablet that is offline. A
 * load that failed is forgotten, so Try again loads it afresh.
 */
function reader(): Promise<typeof ZXing> {
  loaded ??= (async () => {
    const [zxing, wasm] = await Promise.all([
      import('zxing-wasm/reader'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    try {
      await zxing.prepareZXingModule({
        overrides: {
          locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm.default : prefix + path),
        },
        fireImmediately: true,
      });
    } catch (err) {
      zxing.purgeZXingModule();
      throw err;
    }
    return zxing;
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/**
 * The camera button (issue 29): opens the back camera in a dialog and reads the package's GS1
 * DataMatrix a few times a second until it reads a package whose lot is not expired (CS2), then
 * closes and hands it on, as the USB scanner's field does. An expired package or a code that is
 * not GS1 is said so and scanning goes on; a camera that cannot be used says why (CS1), and
 * every state offers typing the code instead.
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
            onClose={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

interface CameraViewProps extends CameraScanProps {
  onClose: () => void;
}

/** What the last readable code was, when it was not a package to use. */
type Refusal = { kind: 'expired'; text: string } | { kind: 'notGs1' };

function CameraView({ onScan, onClose }: CameraViewProps): ReactNode {
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const done = useRef(onScan);
  useEffect(() => {
    done.current = onScan;
  }, [onScan]);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let live = true;
    const stopCamera = (): void => {
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
    const fail = (p: CameraProblem): void => {
      live = false;
      stopCamera();
      setScanning(false);
      setProblem(p);
    };
    const canvas = document.createElement('canvas');
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        fail('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        if (live) fail(cameraProblem(err));
        return;
      }
      // Closed while the camera was starting: it is turned off again at once.
      if (!live) {
        stopCamera();
        return;
      }
      let zxing: typeof ZXing;
      try {
        zxing = await reader();
      } catch {
        if (live) fail('readerFailed');
        else stopCamera();
        return;
      }
      if (!live || !video.current) {
        stopCamera();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      if (!live) return;
      setScanning(true);
      const tick = async (): Promise<void> => {
        const v = video.current;
        if (live && v && v.videoWidth > 0) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          ctx?.drawImage(v, 0, 0);
          const image = ctx?.getImageData(0, 0, canvas.width, canvas.height);
          let results: ZXing.ReadResult[];
          try {
            results = image
              ? await zxing.readBarcodes(image, { formats: ['DataMatrix', 'QRCode', 'Code128'], tryHarder: true })
              : [];
          } catch {
            // The reader itself broke (not a frame without a code: that reads as no result).
            if (live) fail('readerFailed');
            return;
          }
          for (const r of results) {
            if (!live) return;
            const reading = cameraReading(r.text, isoDate(Date.now()));
            if (reading?.kind === 'package') {
              live = false;
              stopCamera();
              done.current(reading.scanned);
              return;
            }
            if (reading?.kind === 'expired') setRefusal({ kind: 'expired', text: expiredText(reading.scanned) });
            else if (reading) setRefusal(reading);
          }
        }
        if (live) timer = window.setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
      stopCamera();
    };
  }, [attempt]);
  const tryAgain = (): void => {
    setProblem(null);
    setRefusal(null);
    setAttempt((n) => n + 1);
  };
  return (
    <Stack>
      {problem && (
        <Alert color="red" role="alert" title={CAMERA_TEXTS[problem].title}>
          {CAMERA_TEXTS[problem].body}
        </Alert>
      )}
      {!problem && refusal?.kind === 'expired' && (
        <Alert color="red" role="alert" title="Expired lot">
          {refusal.text}
        </Alert>
      )}
      {!problem && refusal?.kind === 'notGs1' && (
        <Alert color="yellow" role="status">
          A barcode was read but it is not a GS1 package code. Aim at the square DataMatrix.
        </Alert>
      )}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera"
        hidden={problem != null}
        style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 8 }}
      />
      {!problem && (
        <Text size="sm" c="dimmed" role="status">
          {scanning ? 'Hold the package’s DataMatrix in front of the camera.' : 'Starting the camera…'}
        </Text>
      )}
      <Group justify="flex-end">
        {problem && problem !== 'unavailable' && (
          <Button variant="default" mih={44} onClick={tryAgain}>
            Try again
          </Button>
        )}
        <Button variant={problem ? 'filled' : 'default'} mih={44} onClick={onClose}>
          Type the code instead
        </Button>
      </Group>
    </Stack>
  );
}
