/**
 * Administration from the command line (README "Administration"):
 *
 *   npm run admin -- make-uber <email>
 *
 * makes an existing user an uber of the internal organisation `vigil` (spec 000 §6: ubers
 * administer every organisation). This is how the first internal user is made; later ones can be
 * invited from the internal team app. Works on `{DATA_DIR}/vigil.db` (default ./data), audited.
 */
import { normalizeEmail, VIGIL_ORG_ID } from '@vigil/shared';
import { loadConfig } from '../sync-server/src/config.js';
import { openDatabase } from '../sync-server/src/db/database.js';
import { grantRoles } from '../sync-server/src/graphql/orgs.js';

const USAGE = 'usage: npm run admin -- make-uber <email>';

function main(args: readonly string[]): number {
  const [command, email] = args;
  if (command !== 'make-uber' || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const { db } = openDatabase(config.dataDir);
  try {
    const user = db.prepare('SELECT id, email FROM users WHERE email = ?').get(normalizeEmail(email)) as
      { id: string; email: string } | undefined;
    if (!user) {
      process.stderr.write(`No user found for ${normalizeEmail(email)}: sign up first, then run this again.\n`);
      return 1;
    }
    const now = Date.now();
    const result = db.transaction(() =>
      grantRoles(
        db,
        now,
        { ip: null, userAgent: 'npm run admin' },
        {
          orgId: VIGIL_ORG_ID,
          userId: user.id,
          roles: ['member', 'uber'],
          by: null,
          via: 'cli',
        },
      ),
    )();
    process.stdout.write(`${user.email} is now an uber of "${VIGIL_ORG_ID}" (roles: ${result.roles.join(', ')}).\n`);
    return 0;
  } finally {
    db.close();
  }
}

process.exitCode = main(process.argv.slice(2));
