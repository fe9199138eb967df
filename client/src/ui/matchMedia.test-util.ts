/**
 * Mantine reads the colour-scheme and breakpoint media queries; happy-dom has no matchMedia. Tests
 * that render such components install this one (no query ever matches) in their beforeAll.
 */
export function installMatchMedia(): void {
  if (Reflect.get(window, 'matchMedia')) return;
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}
