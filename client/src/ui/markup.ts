/**
 * An element's markup for comparing a plain element with the Mantine component it stands in
 * for (the tests of the Light* components): attributes sorted, ids made positional, and
 * Mantine's per-component static class names (`mantine-Button-root`, for global styling by
 * name, unused here) left out. Utility classes such as `mantine-focus-auto` stay.
 */
export function comparableMarkup(element: Element): string {
  const ids = new Map<string, string>();
  const idOf = (raw: string): string => {
    const base = raw.replace(/-(label|description|error)$/, '');
    if (!ids.has(base)) ids.set(base, `id${ids.size}`);
    return raw.replace(base, ids.get(base)!);
  };
  const value = (name: string, v: string): string => {
    if (name === 'aria-describedby')
      return v
        .split(' ')
        .map((part) => (part ? idOf(part) : part))
        .join(' ');
    if (['id', 'for'].includes(name)) return idOf(v);
    if (name === 'class')
      return v
        .split(' ')
        .filter((c) => !/^mantine-[A-Z]/.test(c))
        .join(' ');
    return v;
  };
  const serialize = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    const attrs = [...el.attributes]
      .map((a) => `${a.name}="${value(a.name, a.value)}"`)
      .sort()
      .join(' ');
    const children = [...el.childNodes]
      .map((n) => (n instanceof Element ? serialize(n) : (n.textContent ?? '')))
      .join('');
    return `<${tag} ${attrs}>${children}</${tag}>`;
  };
  return serialize(element);
}
