/** Inputs of at least 44 px for fingers on a tablet (issue 8 quality bar). */
export const TOUCH_INPUT = { size: 'md', styles: { input: { minHeight: 44 } } } as const;

/** Mantine's default input size (sm) with the input at least 44 px high: the case forms' fields. */
export const TOUCH_FIELD = { input: { minHeight: 44 } } as const;

/** A row at least 44 px high with its control centred: a checkbox's or a switch's target. */
export const TOUCH_TARGET = { minHeight: 44, alignItems: 'center' } as const;
