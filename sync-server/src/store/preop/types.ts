/*
 * The office's pre-op settings (issue 40 pre-op list): the review period a weight and an
 * allergy review count in (PRE3). Every method is async and every write one atomic step, so
 * another implementation only has to implement this interface and pass contract.test.ts.
 */

/** One office's pre-op settings as stored. Times are epoch milliseconds. */
export interface PreopSettingsRecord {
  orgId: string;
  /** Days before the visit a weight or allergy review counts (PRE3: 1 to 365). */
  reviewDays: number;
  updatedBy: string | null;
  updatedAt: number;
}

export interface PreopSettingsStore {
  /** The office's settings, or null when it never saved any (PRE3's default applies). */
  get(orgId: string): Promise<PreopSettingsRecord | null>;
  /** Writes the office's settings, replacing earlier ones; answers them as stored. */
  put(settings: PreopSettingsRecord): Promise<PreopSettingsRecord>;
}
