import { SIGNATURE_HEIGHT, SIGNATURE_MAX_WIDTH } from '../../ui/signaturePath.js';

/** A drawn signature's SVG path as a PNG data URL on white, at the pad's full size (spec 002 §9: 660 × 300). */
export function signaturePng(path: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = SIGNATURE_MAX_WIDTH;
  canvas.height = SIGNATURE_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.strokeStyle = 'black';
  context.lineWidth = 2;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.stroke(new Path2D(path));
  return canvas.toDataURL('image/png');
}
