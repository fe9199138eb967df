/** The server's error code of a failed call (data/graphql.ts), for the screens that import it from here. */
export { errorCode } from '../data/graphql.js';
