import { SELFIE } from '@vigil/shared';

/** The part of a video frame a selfie keeps, and the size it is saved at. */
export interface SelfieCrop {
  sx: number;
  sy: number;
  side: number;
  /** The saved PNG's side: 480 px, the video's size. */
  output: number;
}

/**
 * [FC11] The selfie crop of spec 002 §9: the camera's centre square stands for the 480 × 480
 * video; 40 px (of 480) is cropped from each side and the rest saved as a 480 × 480 PNG (the
 * video's size, which the server checks). A camera giving 640 × 480 keeps its centre square
 * x 80…560, less the border: from (120, 40), side 400.
 */
export function selfieCrop(videoWidth: number, videoHeight: number): SelfieCrop | null {
  if (!(videoWidth > 0) || !(videoHeight > 0)) return null;
  const square = Math.min(videoWidth, videoHeight);
  const border = (SELFIE.borderCropPx * square) / SELFIE.videoSize;
  return {
    sx: (videoWidth - square) / 2 + border,
    sy: (videoHeight - square) / 2 + border,
    side: square - 2 * border,
    output: SELFIE.videoSize,
  };
}

/** Draws the cropped frame of a playing video and encodes it as a PNG data URL (spec 002 §9). */
export function captureSelfie(video: HTMLVideoElement): string | null {
  const crop = selfieCrop(video.videoWidth, video.videoHeight);
  if (!crop) return null;
  const canvas = document.createElement('canvas');
  canvas.width = crop.output;
  canvas.height = crop.output;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // The preview is mirrored like a mirror; the saved photo is not, so it shows the face as others see it.
  context.drawImage(video, crop.sx, crop.sy, crop.side, crop.side, 0, 0, crop.output, crop.output);
  return canvas.toDataURL(SELFIE.format);
}
