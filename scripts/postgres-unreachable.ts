import { TEST_POSTGRES_URL, unreachable } from '../sync-server/src/store/postgres/test-template.test-util.js';

/*
 * Prints why the tests' PostgreSQL (VIGIL_TEST_DATABASE_URL, else 127.0.0.1:5432) does not answer,
 * and nothing when it does (scripts/test-integration.sh: whether to run the suite on it).
 */
const reason = await unreachable(TEST_POSTGRES_URL);
if (reason !== null) process.stdout.write(`${TEST_POSTGRES_URL} is not reachable (${reason})`);
