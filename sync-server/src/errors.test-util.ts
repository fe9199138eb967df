import { AppError } from './errors.js';

/** The refusal a call ends in (the AppError's code or text), or null when it succeeds; other errors pass. */
export async function refusalOf(call: () => Promise<unknown>): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
}
