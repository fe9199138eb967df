import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHint, START_MODULES } from './compile-hint.js';

const root = path.resolve('/repo');
const chunk = (facadeModuleId: string | null, kind: 'entry' | 'dynamic' | 'shared') => ({
  isEntry: kind === 'entry',
  isDynamicEntry: kind === 'dynamic',
  facadeModuleId: facadeModuleId && path.join(root, facadeModuleId),
});

describe("V8's compile hint on the client's start code", () => {
  it('marks the entry and the chunks the start code shares', () => {
    expect(compileHint(chunk('client/src/main.tsx', 'entry'))).toBe(COMPILE_HINT);
    expect(compileHint(chunk(null, 'shared'))).toBe(COMPILE_HINT);
  });

  it.each(START_MODULES)('marks %s, which main.tsx loads as the app starts', (module) => {
    expect(compileHint(chunk(module, 'dynamic'))).toBe(COMPILE_HINT);
  });

  it('leaves code loaded later lazily compiled: a screen of its own, the chart library', () => {
    expect(compileHint(chunk('client/src/features/team/TeamApp.tsx', 'dynamic'))).toBe('');
    expect(compileHint(chunk('node_modules/uplot/dist/uPlot.esm.js', 'dynamic'))).toBe('');
  });

  it('names modules that exist, so a renamed one does not silently lose its hint', () => {
    for (const module of START_MODULES) expect(existsSync(path.resolve(import.meta.dirname, '..', module))).toBe(true);
  });
});
