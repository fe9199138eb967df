import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { memberContext } from './members.js';
import { drawSignature, expectNoCrash, type SignatureInput } from './signature.js';

// The signature pad itself (issue 35 item 1), on the profile, where a saved signature shows the
// exact path the pad produced. Every other pad's spec signs with several strokes too.

/** The path data of the saved signature on the profile. */
async function savedPath(page: Page): Promise<string> {
  return (await page.getByRole('img', { name: 'Saved signature' }).locator('path').getAttribute('d')) ?? '';
}

/** The strokes of SVG path data (`M x y L x y …`), each as its list of points. */
function strokesOf(path: string): [number, number][][] {
  return path
    .split('M')
    .filter((s) => s.trim() !== '')
    .map((s) =>
      s
        .split('L')
        .map((p) => p.trim().split(/\s+/).map(Number) as [number, number])
        .filter((p) => p.length === 2),
    );
}

/** How many dark pixels the pad's canvas shows: the drawing a person sees. */
async function inkOn(pad: Locator): Promise<number> {
  return pad.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
    return dark;
  });
}

async function openPad(page: Page): Promise<Locator> {
  await page.goto('/profile');
  await page.getByRole('button', { name: /^(Add Signature|Change)$/ }).click();
  return page.getByRole('dialog').getByTestId('signature-pad');
}

for (const [input, offset] of [
  ['mouse', 0],
  ['pen', 2],
  ['touch', 10],
] as [SignatureInput, number][]) {
  test(`a signature of four strokes drawn with ${input === 'touch' ? 'a finger' : `the ${input}`} is kept whole, each point ${offset} px above the ${input === 'mouse' ? 'pointer' : input === 'pen' ? 'nib' : 'finger'}`, async ({
    browser,
    baseURL,
  }) => {
    const { context } = await memberContext(browser, baseURL!);
    const page = await context.newPage();
    const pad = await openPad(page);
    await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
    await drawSignature(page, pad, { inputs: [input], strokes: 4 });
    await expectNoCrash(page);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByRole('img', { name: 'Saved signature' })).toBeVisible();
    await page.reload();
    const strokes = strokesOf(await savedPath(page));
    expect(strokes).toHaveLength(4);
    // The helper's first stroke starts at (30, 200) and its crossbar at (160, 140) on the pad.
    expect(strokes[0]![0]).toEqual([30, 200 - offset]);
    expect(strokes[2]![0]).toEqual([160, 140 - offset]);
    await context.close();
  });
}

test('a signature drawn with the mouse, a pen and a finger in turn, cleared and drawn again, is saved as drawn the second time', async ({
  browser,
  baseURL,
}) => {
  const { context } = await memberContext(browser, baseURL!);
  const page = await context.newPage();
  const pad = await openPad(page);
  await drawSignature(page, pad, { inputs: ['mouse', 'pen', 'touch'], strokes: 4 });
  await page.getByRole('button', { name: 'Clear Signature' }).click();
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  expect(await inkOn(pad)).toBe(0);
  await drawSignature(page, pad, { inputs: ['touch', 'pen'], strokes: 2 });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectNoCrash(page);
  await expect.poll(async () => strokesOf(await savedPath(page)).length).toBe(2);
  await context.close();
});

test('a phone turned from landscape to portrait in the middle of a signature keeps every stroke, shrunk to fit, and takes more', async ({
  browser,
  baseURL,
}) => {
  const { member } = await memberContext(browser, baseURL!);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 844, height: 390 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
  });
  await context.addCookies([...member.browser.cookies].map(([name, value]) => ({ name, value, url: baseURL! })));
  const page = await context.newPage();
  const pad = await openPad(page);
  // Landscape: the pad is 660 px wide; the signature runs to its right-hand side.
  await expect.poll(async () => (await pad.boundingBox())?.width).toBe(660);
  await drawSignature(page, pad, { inputs: ['touch'], strokes: 3 });
  await drawSignature(page, pad, { inputs: ['touch'], strokes: 1, origin: [260, 0] });
  const before = await inkOn(pad);
  expect(before).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await pad.boundingBox())?.width).toBe(390);
  await expectNoCrash(page);
  expect(await inkOn(pad)).toBeGreaterThan(0);
  await drawSignature(page, pad, { inputs: ['touch'], strokes: 2, origin: [0, 40] });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Saved signature' })).toBeVisible();

  const strokes = strokesOf(await savedPath(page));
  expect(strokes).toHaveLength(6);
  for (const [x, y] of strokes.flat()) {
    expect(x).toBeLessThanOrEqual(390);
    expect(y).toBeLessThanOrEqual(300);
  }
  // The stroke drawn furthest right reached 260 + 150 = 410 px, past the portrait pad: everything
  // drawn in landscape shrank by 390 / 410, so the first point, (30, 200 - 10) under the finger,
  // is now (28.54, 180.73), and that stroke ends at the pad's right edge rather than cut off.
  expect(strokes[0]![0]![0]).toBeCloseTo(28.54, 1);
  expect(strokes[0]![0]![1]).toBeCloseTo(180.73, 1);
  expect(Math.max(...strokes[3]!.map(([x]) => x))).toBeCloseTo(390, 0);
  await context.close();
});
