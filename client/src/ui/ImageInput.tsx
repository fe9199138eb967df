import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IMAGE_INPUT, IMAGE_UPLOAD_MAX_BYTES, INVALID_FILE_TYPE, isImageFile, squareCrop } from '@vigil/shared';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';

/** A picture to crop: a camera frame or a decoded file, with its size. */
interface Source {
  image: CanvasImageSource;
  width: number;
  height: number;
}

export interface ImageInputProps {
  /** Called with the cropped photo as a data URL (WebP 480 × 480, PH1; JPEG where the browser cannot write WebP). */
  onChange: (dataUrl: string) => void;
  onCancel: () => void;
  /** What the picture is of, for the camera and crop labels ("patient photo"). */
  label: string;
  /** Waiting for the caller to keep the photo. */
  saving?: boolean;
}

/** Why the camera could not start, in words for the desk. */
export function cameraErrorText(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera was not allowed. Allow camera access for this page in your browser, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  return 'The camera could not be started. Close other apps using it, then try again, or upload a photo.';
}

/** [PH1, PH3] The square of `source` drawn at 480 × 480 on white, as WebP at quality 0.8 (JPEG when WebP cannot be written). */
export function renderSquare(source: Source, zoom: number, panX: number, panY: number): string | null {
  const crop = squareCrop(source.width, source.height, zoom, panX, panY);
  if (!crop) return null;
  const canvas = document.createElement('canvas');
  canvas.width = IMAGE_INPUT.targetSize;
  canvas.height = IMAGE_INPUT.targetSize;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = IMAGE_INPUT.background;
  ctx.fillRect(0, 0, IMAGE_INPUT.targetSize, IMAGE_INPUT.targetSize);
  ctx.drawImage(
    source.image,
    crop.sx,
    crop.sy,
    crop.size,
    crop.size,
    0,
    0,
    IMAGE_INPUT.targetSize,
    IMAGE_INPUT.targetSize,
  );
  const webp = canvas.toDataURL(IMAGE_INPUT.format, IMAGE_INPUT.quality);
  return webp.startsWith(`data:${IMAGE_INPUT.format}`) ? webp : canvas.toDataURL('image/jpeg', IMAGE_INPUT.quality);
}

/** A file decoded to a picture, or the reason it cannot be used (PH2 'Invalid file type!'). */
async function decodeFile(file: File): Promise<Source | string> {
  if (!isImageFile(file.type)) return INVALID_FILE_TYPE;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'The file is too large. Choose a photo of at most 25 MB.';
  try {
    const bitmap = await createImageBitmap(file);
    return { image: bitmap, width: bitmap.width, height: bitmap.height };
  } catch {
    return INVALID_FILE_TYPE;
  }
}

/** The camera view: the user's camera until Capture takes its frame. */
function Camera({
  label,
  onFrame,
  onError,
}: {
  label: string;
  onFrame: (s: Source) => void;
  onError: (t: string) => void;
}): ReactNode {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let live = true;
    if (!navigator.mediaDevices?.getUserMedia) {
      onError('This browser cannot use the camera. Upload a photo instead.');
      return;
    }
    navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: 'user', width: { ideal: 960 } } }).then(
      (s) => {
        if (!live) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          video.current.play().catch(() => undefined);
        }
      },
      (err: unknown) => live && onError(cameraErrorText(err)),
    );
    return () => {
      live = false;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onError]);
  const capture = (): void => {
    const v = video.current;
    if (!v || v.videoWidth === 0) return onError('The photo could not be taken. Please try again.');
    const frame = document.createElement('canvas');
    frame.width = v.videoWidth;
    frame.height = v.videoHeight;
    frame.getContext('2d')?.drawImage(v, 0, 0);
    onFrame({ image: frame, width: frame.width, height: frame.height });
  };
  return (
    <Stack gap="xs" align="center">
      <video
        ref={video}
        muted
        playsInline
        aria-label={`Camera preview for the ${label}`}
        onLoadedData={() => setReady(true)}
        style={{
          width: 'min(360px, 100%)',
          aspectRatio: '4 / 3',
          background: '#000',
          borderRadius: 8,
          objectFit: 'cover',
        }}
      />
      <Button mih={44} disabled={!ready} onClick={capture}>
        Capture
      </Button>
    </Stack>
  );
}

/** The first step: the camera, or a file chosen or dropped (PH2). */
function ChooseStep({
  label,
  onFile,
  onCamera,
}: {
  label: string;
  onFile: (f: File | undefined) => void;
  onCamera: () => void;
}): ReactNode {
  const [dragging, setDragging] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const onDrop = (e: DragEvent): void => {
    e.preventDefault();
    setDragging(false);
    onFile(e.dataTransfer.files[0]);
  };
  return (
    <Box
      data-testid="image-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      p="lg"
      style={{
        border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-5'})`,
        borderRadius: 8,
        textAlign: 'center',
      }}
    >
      <Stack gap="sm" align="center">
        <Text size="sm">Take a photo with the camera, or choose or drop an image file here.</Text>
        <Group>
          <Button mih={44} onClick={onCamera}>
            Take photo
          </Button>
          <Button mih={44} variant="default" onClick={() => file.current?.click()}>
            Upload photo
          </Button>
        </Group>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          aria-label={`Upload the ${label}`}
          onChange={(e) => {
            onFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </Stack>
    </Box>
  );
}

const PREVIEW = 240;
const PAN_STEP = 0.25;

/**
 * The image input widget (spec 002 §2, §5, §9): take a photo with the device's camera or upload /
 * drop an image file ('Invalid file type!' for anything else), then crop it square (zoom, and the
 * arrow keys or buttons to move it) and use it: a WebP of 480 × 480 on white.
 */
export function ImageInput({ onChange, onCancel, label, saving = false }: ImageInputProps): ReactNode {
  const [mode, setMode] = useState<'choose' | 'camera' | 'crop'>('choose');
  const [source, setSource] = useState<Source | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [crop, setCrop] = useState({ zoom: 1, panX: 0, panY: 0 });
  const preview = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const c = preview.current;
    if (!c || !source) return;
    const square = squareCrop(source.width, source.height, crop.zoom, crop.panX, crop.panY);
    const ctx = c.getContext('2d');
    if (!ctx || !square) return;
    ctx.fillStyle = IMAGE_INPUT.background;
    ctx.fillRect(0, 0, PREVIEW, PREVIEW);
    ctx.drawImage(source.image, square.sx, square.sy, square.size, square.size, 0, 0, PREVIEW, PREVIEW);
  }, [source, crop, mode]);

  const take = (s: Source): void => {
    setSource(s);
    setCrop({ zoom: 1, panX: 0, panY: 0 });
    setError(null);
    setMode('crop');
  };
  const fromFile = (f: File | undefined): void => {
    if (!f) return;
    void decodeFile(f).then((r) => (typeof r === 'string' ? setError(r) : take(r)));
  };
  const pan = (dx: number, dy: number): void =>
    setCrop((c) => ({
      ...c,
      panX: Math.min(1, Math.max(-1, c.panX + dx)),
      panY: Math.min(1, Math.max(-1, c.panY + dy)),
    }));
  const onKey = (e: KeyboardEvent): void => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    pan(...move);
  };

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {mode === 'choose' && <ChooseStep label={label} onFile={fromFile} onCamera={() => setMode('camera')} />}
      {mode === 'camera' && <Camera label={label} onFrame={take} onError={setErrorAndChoose(setError, setMode)} />}
      {mode === 'crop' && source && (
        <Stack gap="xs" align="center">
          <canvas
            ref={preview}
            width={PREVIEW}
            height={PREVIEW}
            tabIndex={0}
            role="img"
            aria-label={`Cropped ${label}: use the arrow keys to move it`}
            onKeyDown={onKey}
            style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-4)' }}
          />
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => setCrop((c) => ({ ...c, zoom: Math.max(1, c.zoom - 0.5) }))}
              disabled={crop.zoom <= 1}
            >
              Zoom out
            </Button>
            <Button
              variant="default"
              onClick={() => setCrop((c) => ({ ...c, zoom: Math.min(4, c.zoom + 0.5) }))}
              disabled={crop.zoom >= 4}
            >
              Zoom in
            </Button>
            <Button variant="default" onClick={() => setCrop({ zoom: 1, panX: 0, panY: 0 })}>
              Centre
            </Button>
          </Group>
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" mih={44} onClick={mode === 'choose' ? onCancel : () => setMode('choose')}>
          {mode === 'choose' ? 'Cancel' : 'Back'}
        </Button>
        {mode === 'crop' && source && (
          <Button
            mih={44}
            loading={saving}
            onClick={() => {
              const url = renderSquare(source, crop.zoom, crop.panX, crop.panY);
              if (url) onChange(url);
              else setError('The photo could not be made. Please try again.');
            }}
          >
            Use photo
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The camera's refusal shown, back to the choice (upload is still there). */
function setErrorAndChoose(setError: (t: string) => void, setMode: (m: 'choose') => void): (text: string) => void {
  return (text) => {
    setError(text);
    setMode('choose');
  };
}
