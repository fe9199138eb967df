/** Inputs of at least 44 px for fingers on a tablet (issue 8 quality bar). */
export const TOUCH_INPUT = { size: 'md', styles: { input: { minHeight: 44 } } } as const;
