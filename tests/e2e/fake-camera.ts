import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/** What a drug package's GS1 DataMatrix carries (spec 002 §5): (01) GTIN, (17) expiry YYMMDD, (10) lot, (21) serial. */
export interface Gs1Package {
  gtin: string;
  /** YYMMDD */
  expiry: string;
  lot: string;
  serial: string;
}

/** The size of the fake camera's picture: a common webcam mode. */
const WIDTH = 640;
const HEIGHT = 480;
/** Camera pixels per DataMatrix module: a 22×22 code is 308 px across, as a package held close. */
const MODULE_PX = 14;

let writerReady: Promise<unknown> | null = null;

/** zxing-wasm's writer, run in Node from the installed package's own .wasm (never its CDN). */
function writer(): Promise<unknown> {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
  writerReady ??= prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  return writerReady;
}

/**
 * The package's code as a GS1 DataMatrix, one byte per module (0 dark, 255 light): FNC1 first,
 * the AIs in order and a group separator after the variable-length lot, as on a real package.
 */
export async function gs1DataMatrix(
  p: Gs1Package,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  await writer();
  const written = await writeBarcode(`(01)${p.gtin}(17)${p.expiry}(10)${p.lot}(21)${p.serial}`, {
    format: 'DataMatrix',
    options: 'gs1',
    forceSquareDataMatrix: true,
    addQuietZones: false,
  });
  if (written.error !== '') throw new Error(`the DataMatrix could not be written: ${written.error}`);
  return written.symbol;
}

/**
 * A fake camera's video of the package's code: a YUV4MPEG2 file (what Chromium's
 * `--use-file-for-fake-video-capture` plays, in a loop) of a few identical 4:2:0 frames, grey
 * picture (U and V 128) with the code drawn large and centred in a white field, its quiet zone.
 */
export async function writeGs1CameraVideo(file: string, p: Gs1Package): Promise<void> {
  const symbol = await gs1DataMatrix(p);
  const y = new Uint8Array(WIDTH * HEIGHT).fill(235);
  const left = Math.floor((WIDTH - symbol.width * MODULE_PX) / 2);
  const top = Math.floor((HEIGHT - symbol.height * MODULE_PX) / 2);
  if (left < 4 * MODULE_PX || top < 2 * MODULE_PX) throw new Error('the code does not fit in the picture');
  for (let row = 0; row < symbol.height * MODULE_PX; row++) {
    for (let col = 0; col < symbol.width * MODULE_PX; col++) {
      const module = symbol.data[Math.floor(row / MODULE_PX) * symbol.width + Math.floor(col / MODULE_PX)] ?? 255;
      y[(top + row) * WIDTH + left + col] = module < 128 ? 16 : 235;
    }
  }
  writeVideo(file, y);
}

/** A fake camera's video of a blank white field: what Chromium's fake camera needs at launch. */
export function writeBlankCameraVideo(file: string): void {
  writeVideo(file, new Uint8Array(WIDTH * HEIGHT).fill(235));
}

/** Five identical frames of the luma plane `y` (video range, 16 black to 235 white), no colour. */
function writeVideo(file: string, y: Uint8Array): void {
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  // Written beside it and renamed over it: a camera still reading the last file keeps it whole.
  writeFileSync(`${file}.next`, Buffer.concat([header, frame, frame, frame, frame, frame]));
  renameSync(`${file}.next`, file);
}

/** A date as GS1 writes an expiry (AI 17): YYMMDD. */
export function gs1Yymmdd(d: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
}
