/** A goal of issue 6 beside a result, and whether the result meets it. */
export interface Goal {
  text: string;
  met: boolean;
}

/** One line of a results table: our value, the reference's, and the goal. */
export interface ResultRow {
  label: string;
  unit: string;
  ours: number | null;
  reference: number | null;
  goal?: Goal;
}

/** The results of one measure: what was run, and the table. */
export interface Section {
  title: string;
  setup: string;
  rows: ResultRow[];
  /** Checks and caveats printed under the table. */
  notes?: string[];
}

/** What starts the line of `one.ts --json` output that holds its sections (read by run.ts). */
export const SECTIONS_LINE = 'bench sections: ';
