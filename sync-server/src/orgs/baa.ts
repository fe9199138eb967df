import {
  BAA_CONTRACT_ID,
  BAA_DOCUMENT,
  baaContract,
  baaView,
  contractStillMissing,
  withCompanySignature,
  type BaaAnswerView,
  type Contract,
} from '@vigil/shared';
import { z } from 'zod';
import { recorded, type Recorded } from '../access/audited.js';
import type { Caller } from '../access/caller.js';
import { orgFor } from './authorize.js';
import { auditOrigin, byCaller, parse, refuse, requireOrgId, text } from './common.js';
import type { OrgDeps } from './deps.js';

// The signature pad's SVG path data (spec 002 §2): commands, numbers, separators.
const signaturePath = z
  .string()
  .max(20000)
  .regex(/^[MmLlHhVvCcSsQqTtAaZz0-9eE.,\s-]*$/);

const schemas = {
  sign: z.object({
    version: z.string().max(100),
    fields: z.object({ companyName: text(200), name: text(200), title: text(200) }).strict(),
    accepted: z.boolean(),
    signaturePath,
  }),
  countersign: z.object({ name: z.string().trim().min(1).max(200), signaturePath: signaturePath.min(1) }),
};

function answer(contract: Contract | null): BaaAnswerView {
  return contract ? { signed: true, ...baaView(contract) } : { signed: false };
}

/**
 * The Business Associate Agreement (spec 000 §5, spec 001 §3 Contract): signed by the
 * organisation's own admins, countersigned by Vigil's internal ubers; the Contract is written
 * through the server's resource writer (validated, on the live events).
 */
export class BaaService {
  constructor(private readonly deps: OrgDeps) {}

  /** The organisation's agreement Contract, or null when not signed. */
  private async stored(orgId: string): Promise<Contract | null> {
    const resource = await this.deps.resources.read(orgId, 'Contract', BAA_CONTRACT_ID);
    return resource?.resourceType === 'Contract' ? resource : null;
  }

  /** baa: for the organisation's members and whoever may administer it. */
  async read(caller: Caller, orgId: unknown): Promise<BaaAnswerView> {
    const { org } = await orgFor(this.deps, caller, orgId, 'member');
    return answer(await this.stored(org.id));
  }

  /** signBaa: the covered entity signs for itself, so only the organisation's own admins sign (decision). */
  async sign(caller: Caller, rawOrgId: unknown, args: Record<string, unknown>): Promise<BaaAnswerView> {
    const { caller: who, org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
    // Not a parent organisation's members nor the internal team, who may administer it.
    await this.deps.access.authorize(who, org.id, 'ownAdmin');
    const input = parse(schemas.sign, {
      version: args.version,
      fields: args.fields,
      accepted: args.accepted,
      signaturePath: args.signaturePath,
    });
    if (input.version !== BAA_DOCUMENT.version) refuse('CONTRACT_VERSION_CHANGED');
    const values = {
      companyName: input.fields.companyName ?? '',
      name: input.fields.name ?? '',
      title: input.fields.title ?? '',
    };
    // spec 000 §5: every field, the acceptance box (and the signature) complete, checked here too.
    if (contractStillMissing(BAA_DOCUMENT, values, input.accepted, input.signaturePath).length > 0) {
      refuse('CONTRACT_INCOMPLETE');
    }
    const now = this.deps.now();
    const current = await this.stored(org.id);
    if (current?.version === BAA_DOCUMENT.version) refuse('ALREADY_SIGNED');
    const member = await this.deps.store.memberByUser(org.id, who.user.id);
    if (!member) refuse('NOT_AUTHORIZED');
    const time = new Date(now).toISOString();
    const contract = baaContract({
      orgId: org.id,
      memberId: member.id,
      document: BAA_DOCUMENT,
      values,
      signaturePath: input.signaturePath,
      time,
    });
    await this.deps.resources.write(org.id, { ...contract, id: BAA_CONTRACT_ID }, time, 'signer');
    await this.deps.store.markBaaSigned(
      org.id,
      auditOrigin(caller, now),
      byCaller(who, 'orgBaaSigned', {
        orgId: org.id,
        contract: `Contract/${BAA_CONTRACT_ID}`,
        version: BAA_DOCUMENT.version,
      }),
    );
    return answer(contract);
  }

  /** countersignBaa: Vigil's signatory is an internal uber, and signing for Vigil needs a fresh sudo (spec 000 §6). */
  async countersign(
    caller: Caller,
    rawOrgId: unknown,
    args: Record<string, unknown>,
  ): Promise<Recorded<BaaAnswerView>> {
    const orgId = requireOrgId(rawOrgId);
    await this.deps.access.authorize(caller, orgId, ['uber', 'sudo']);
    const input = parse(schemas.countersign, { name: args.name, signaturePath: args.signaturePath });
    const org = await this.deps.store.org(orgId);
    if (!org) refuse('NOT_FOUND');
    const current = await this.stored(org.id);
    if (!current) refuse('NOT_SIGNED');
    const now = this.deps.now();
    const time = new Date(now).toISOString();
    const contract = withCompanySignature(current, { name: input.name, signaturePath: input.signaturePath, time });
    if (!contract) refuse('ALREADY_SIGNED');
    await this.deps.resources.write(org.id, { ...contract, id: BAA_CONTRACT_ID }, time, 'signer');
    return recorded(answer(contract), {
      trail: 'organisation',
      action: 'orgBaaSigned',
      detail: { orgId: org.id, contract: `Contract/${BAA_CONTRACT_ID}`, signer: 'company' },
    });
  }
}
