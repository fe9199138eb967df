import { Alert, Center, Image, Loader, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState, type ReactNode } from 'react';
import { clockDateTime } from '../../ui/format.js';

/** The code's drawing: SVG (sharp at any size, the same bytes in every browser), medium error correction. */
export const QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 2 } as const;

/**
 * A patient form's link as a QR code for the patient's phone at the desk (issue 40; spec 002 §7,
 * the QR code image), drawn in the browser by the `qrcode` library: nothing leaves the device.
 */
export function FormQrCode({
  url,
  expiresAt,
  formName,
}: {
  url: string;
  expiresAt: number;
  formName: string;
}): ReactNode {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    QRCode.toString(url, QR_OPTIONS).then(
      (svg) => live && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Stack gap="sm" align="center">
      <Text ta="center">
        Ask the patient to scan this code with their phone&apos;s camera to open &ldquo;{formName}&rdquo;.
      </Text>
      {failed ? (
        <Alert color="red" role="alert">
          The QR code could not be drawn. Send the form by text message or email instead.
        </Alert>
      ) : image ? (
        <Image src={image} alt={`QR code of the link to ${formName}`} w={320} h={320} data-testid="form-qr" />
      ) : (
        <Center h={320}>
          <Loader aria-label="Drawing the QR code" />
        </Center>
      )}
      <Text size="sm" c="dimmed" ta="center">
        The link works once, until {clockDateTime(expiresAt)}. Showing a new code stops the earlier links.
      </Text>
    </Stack>
  );
}
