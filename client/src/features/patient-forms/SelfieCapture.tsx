import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SELFIE } from '@vigil/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { captureSelfie } from './selfie.js';

export interface SelfieCaptureProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the PNG data URL of the captured photo. */
  onCapture: (dataUrl: string) => void;
}

/** Why the camera could not start, in words for the patient. */
function cameraErrorText(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera was not allowed. Allow camera access for this page in your browser, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  return 'The camera could not be started. Close other apps using it, then try again.';
}

/**
 * Selfie capture (spec 002 §2, §9): a full-screen camera view of the user-facing camera (480 ×
 * 480, square) with an oval guide and a Capture button; the photo keeps the frame less 40 px on
 * each side, saved as PNG.
 */
export function SelfieCapture({ opened, onClose, onCapture }: SelfieCaptureProps): ReactNode {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let live = true;
    setError(null);
    setReady(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('This browser cannot use the camera. Open the link in Safari or Chrome.');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: {
          facingMode: 'user',
          width: { ideal: SELFIE.videoSize },
          height: { ideal: SELFIE.videoSize },
          aspectRatio: 1,
        },
      })
      .then(
        (s) => {
          if (!live) {
            s.getTracks().forEach((t) => t.stop());
            return;
          }
          stream = s;
          if (video.current) {
            video.current.srcObject = s;
            video.current.play().catch(() => undefined);
          }
        },
        (err: unknown) => live && setError(cameraErrorText(err)),
      );
    return () => {
      live = false;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [opened, attempt]);

  const size = `min(${SELFIE.videoSize}px, 100vw - 32px)`;
  return (
    <Modal opened={opened} onClose={onClose} fullScreen title="Take a Selfie">
      <Stack align="center" gap="sm">
        <Text ta="center" maw={480}>
          Align your face within the oval, like an ID photo. This helps keep your medical records accurate.
        </Text>
        {error ? (
          <Alert color="red" role="alert" maw={480}>
            {error}
          </Alert>
        ) : (
          <Box pos="relative" w={size} h={size} style={{ overflow: 'hidden', borderRadius: 8, background: '#000' }}>
            <video
              ref={video}
              muted
              playsInline
              aria-label="Camera preview"
              data-testid="selfie-video"
              onLoadedData={() => setReady(true)}
              style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
            />
            <svg
              viewBox="0 0 100 100"
              aria-hidden="true"
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
            >
              <defs>
                <mask id="selfie-oval">
                  <rect width="100" height="100" fill="white" />
                  <ellipse cx="50" cy="48" rx="30" ry="39" fill="black" />
                </mask>
              </defs>
              <rect width="100" height="100" fill="rgba(0,0,0,0.45)" mask="url(#selfie-oval)" />
              <ellipse
                cx="50"
                cy="48"
                rx="30"
                ry="39"
                fill="none"
                stroke="white"
                strokeWidth="0.8"
                strokeDasharray="3 2"
              />
            </svg>
          </Box>
        )}
        <Group>
          <Button variant="default" mih={44} onClick={onClose}>
            Close
          </Button>
          {error ? (
            <Button mih={44} onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </Button>
          ) : (
            <Button
              mih={44}
              disabled={!ready}
              onClick={() => {
                const dataUrl = video.current ? captureSelfie(video.current) : null;
                if (dataUrl) onCapture(dataUrl);
                else setError('The photo could not be taken. Please try again.');
              }}
            >
              Capture
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
