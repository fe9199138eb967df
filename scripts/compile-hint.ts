/** What the bundler says of an output chunk (Rolldown's RenderedChunk has these). */
export interface ChunkFacts {
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
}

/** The comment that asks V8 to compile every function of the file as it is parsed. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The modules main.tsx loads as the app starts: the app, the org app's screens and the case
 * document. Their chunks, the entry and the chunks they share carry V8's compile hint.
 */
export const START_MODULES = [
  'client/src/startApp.tsx',
  'client/src/features/org/OrgApp.tsx',
  'client/src/sync/useCaseDocument.ts',
];

/**
 * V8's explicit compile hint (Chromium 136+): every function of the file is compiled as the file
 * is parsed, on a background thread, rather than on the main thread the first time it is
 * called. A cold start calls most of the start code's functions once (rendering the first
 * screen); compiled lazily, that was ~1,800 compilations on the main thread. Other chunks (a
 * screen's own code, the chart library) stay lazily compiled. Used as the client build's
 * `postBanner` (vite.config.ts): after minification, which drops comments.
 */
export function compileHint(chunk: ChunkFacts): string {
  const start =
    chunk.isEntry ||
    !chunk.isDynamicEntry ||
    START_MODULES.some((m) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(m));
  return start ? COMPILE_HINT : '';
}
