import { RequestError } from '../data/graphql.js';

/** The server's error code (a GraphQL error's message) of a failed call. */
export function errorCode(err: unknown): string {
  return err instanceof RequestError ? err.code : 'UNKNOWN';
}
