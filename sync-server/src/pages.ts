/**
 * A page of a list (issue 35 item 8): at most `first` items after the cursor `after`, the last
 * item of the page before (an id; a ledger entry's sequence). The GraphQL layer reads it from a
 * list field's arguments (graphql/pagination.ts); services and stores answer one page.
 */
export interface PageRequest {
  first: number;
  after: string | null;
}

/** One page of a list already in memory (a small one), after the item whose id is `page.after`. */
export function pageOf<T>(items: readonly T[], page: PageRequest, idOf: (item: T) => string): T[] {
  const start = page.after == null ? 0 : items.findIndex((i) => idOf(i) === page.after) + 1;
  return items.slice(start, start + page.first);
}
