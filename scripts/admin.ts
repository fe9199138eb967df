/**
 * Administration from the command line (README "Administration"):
 *
 *   npm run admin -- make-uber <email>
 *
 * makes an existing user an uber of the internal organisation `vigil` (spec 000 §6: ubers
 * administer every organisation). This is how the first internal user is made; later ones can be
 * invited from the internal team app. Works on `{DATA_DIR}/vigil.db` (default ./data), or PostgreSQL with DATABASE_URL, audited.
 *
 *   npm run admin -- audit-check
 *
 * walks the audit hash chain (issue 24 item 7): every sealed audit record (account and
 * organisation events, FHIR AuditEvents) must still hash to its link. Prints the chain's head
 * hash; exits 1 and names each broken link when a record was changed, removed or reordered.
 *
 * A command that changes something runs as one Caller, built by access/caller.ts `adminCaller`
 * (issue 36 item 1): transport 'admin', and as its user the operator's own account when
 * VIGIL_OPERATOR names its email (no such account: exit 1), so what it changes is audited as theirs.
 */
import { normalizeEmail, VIGIL_ORG_ID } from '@vigil/shared';
import { loadConfig } from '../sync-server/src/config.js';
import { adminCaller, type Caller } from '../sync-server/src/access/caller.js';
import { OrgAccess } from '../sync-server/src/access/index.js';
import { FhirService } from '../sync-server/src/fhir/service.js';
import { createOrgServices, serverResources } from '../sync-server/src/orgs/index.js';
import { openStorage, storesOf, type Stores } from '../sync-server/src/store/select.js';
import { createLogger } from '../sync-server/src/log.js';
import { checkAuditChain } from '../sync-server/src/auth/audit.js';
import { Entitlements } from '../sync-server/src/access/entitlements.js';

const USAGE = 'usage: npm run admin -- make-uber <email> | audit-check';

async function auditCheck(stores: Stores): Promise<number> {
  const report = await checkAuditChain(stores.audit);
  for (const problem of report.problems) process.stderr.write(`${problem}\n`);
  const pending = report.unsealed > 0 ? ` (${report.unsealed} newer records not sealed yet)` : '';
  process.stdout.write(
    report.ok
      ? `Audit chain intact: ${report.links} records${pending}; head ${report.head}\n`
      : `Audit chain BROKEN: ${report.problems.length} of ${report.links} links fail\n`,
  );
  return report.ok ? 0 : 1;
}

async function makeUber(stores: Stores, caller: Caller, email: string): Promise<number> {
  const { orgs: store, accounts, resources, ids, signed } = stores;
  // The organisations' FHIR writes through the one write path, recorded in the change feed.
  const fhir = new FhirService({ store: resources, now: Date.now, orgPolicy: () => null, ids, signed });
  const orgs = createOrgServices({
    store,
    accounts,
    access: new OrgAccess({ parentsOf: (orgId) => store.parentsOf(orgId) }),
    entitlements: new Entitlements(store, store),
    resources: serverResources({ fhir, store: resources }),
    sender: { send: () => Promise.reject(new Error('the admin command sends no mail')) },
    now: Date.now,
  });
  const user = await accounts.userByEmail(normalizeEmail(email));
  if (!user) {
    process.stderr.write(`No user found for ${normalizeEmail(email)}: sign up first, then run this again.\n`);
    return 1;
  }
  const result = await orgs.members.grantRoles(caller, {
    orgId: VIGIL_ORG_ID,
    userId: user.id,
    roles: ['member', 'uber'],
    via: 'cli',
  });
  process.stdout.write(`${user.email} is now an uber of "${VIGIL_ORG_ID}" (roles: ${result.roles.join(', ')}).\n`);
  return 0;
}

/** The command's one Caller: the operator VIGIL_OPERATOR names (an account's email), or nobody. */
async function operatorCaller(stores: Stores): Promise<Caller | null> {
  const email = process.env.VIGIL_OPERATOR?.trim();
  if (!email) return adminCaller(null);
  const operator = await stores.accounts.userByEmail(normalizeEmail(email));
  if (!operator) process.stderr.write(`VIGIL_OPERATOR: no user found for ${normalizeEmail(email)}.\n`);
  return operator ? adminCaller(operator) : null;
}

async function main(args: readonly string[]): Promise<number> {
  const [command, email] = args;
  const audit = command === 'audit-check' && args.length === 1;
  if (!audit && (command !== 'make-uber' || !email)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // The server's storage: PostgreSQL with DATABASE_URL, else {DATA_DIR}/vigil.db (store/select.ts).
  const storage = await openStorage(loadConfig(), createLogger('fatal'));
  const stores = storesOf(storage, undefined, Date.now);
  try {
    if (audit) return await auditCheck(stores);
    const caller = await operatorCaller(stores);
    return caller ? await makeUber(stores, caller, email!) : 1;
  } finally {
    await storage.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
