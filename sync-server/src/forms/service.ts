import {
  formFieldsFromOptions,
  newId,
  orgFormPropertiesSchema,
  orgFormView,
  textBodyFormPropertiesSchema,
  type OrgFormView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { orgFor } from '../orgs/authorize.js';
import { ownAndInherited } from '../orgs/inherited.js';
import { parse, refuse } from '../orgs/common.js';
import type { OrgFormContent, OrgFormRecord, OrgFormStore } from '../store/forms/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { Entitlements } from '../access/entitlements.js';

export interface FormsDeps {
  forms: OrgFormStore;
  orgs: OrgStore;
  entitlements: Pick<Entitlements, 'require'>;
  access: OrgAccess;
  now: () => number;
}

const formId = z.string().trim().min(1).max(64);

/**
 * Organisation forms (issue 28; spec 000 §3 "Org form", §5, §6, §7): the organisation's own forms
 * and, read-only, the forms of its parent organisations. Reading needs the organisation
 * permission; writing needs the right to administer the organisation (its admins, a member of a
 * parent, an internal uber). Every call answers the organisation's form list.
 */
export class FormsService {
  constructor(private readonly deps: FormsDeps) {}

  /** The organisation's forms then its parents' (parentOrg set, not editable). */
  async list(orgId: string): Promise<OrgFormView[]> {
    const { own, inherited } = await ownAndInherited(this.deps.orgs, orgId, (ids) => this.deps.forms.list(ids));
    return [...own, ...inherited].map((f) => orgFormView(f, orgId));
  }

  /** A form the organisation may use: its own or a parent's (deleted ones included, for tasks sent before). */
  async usable(orgId: string, id: string): Promise<OrgFormRecord | null> {
    const own = await this.deps.forms.get(orgId, id);
    if (own) return own;
    for (const parent of await this.deps.orgs.parentsOf(orgId)) {
      const form = await this.deps.forms.get(parent, id);
      if (form) return form;
    }
    return null;
  }

  /** orgForms: the organisation's members and whoever may administer it. */
  async orgForms(caller: Caller, orgId: unknown): Promise<OrgFormView[]> {
    const { org } = await orgFor(this.withStore(), caller, orgId, 'member');
    return this.list(org.id);
  }

  /** createOrgForm (spec 000 §5: the form builder's patientContract; needs the formBuilder flag). */
  async createOrgForm(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OrgFormView[]>> {
    const { who, orgId } = await this.admin(caller, args.orgId);
    await this.requireFormBuilder(orgId);
    return this.create(who, orgId, builderContent(args.properties));
  }

  async updateOrgForm(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OrgFormView[]>> {
    const { who, orgId } = await this.admin(caller, args.orgId);
    await this.requireFormBuilder(orgId);
    return this.update(who, orgId, args.formId, builderContent(args.properties));
  }

  /** createTextBodyForm (spec 000 §3 text-body properties; the form builder off). */
  async createTextBodyForm(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OrgFormView[]>> {
    const { who, orgId } = await this.admin(caller, args.orgId);
    return this.create(who, orgId, textBodyContent(args.properties));
  }

  async updateTextBodyForm(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OrgFormView[]>> {
    const { who, orgId } = await this.admin(caller, args.orgId);
    return this.update(who, orgId, args.formId, textBodyContent(args.properties));
  }

  async deleteOrgForm(caller: Caller, args: Record<string, unknown>): Promise<Recorded<OrgFormView[]>> {
    const { orgId } = await this.admin(caller, args.orgId);
    const id = await this.ownForm(orgId, args.formId);
    await this.deps.forms.delete(orgId, id, this.deps.now());
    return recorded(await this.list(orgId), {
      trail: 'organisation',
      action: 'orgFormDeleted',
      detail: { orgId, formId: id },
    });
  }

  /** A new form of the organisation, audited with what it holds (issue 36 item 2). */
  private async create(who: SignedIn, orgId: string, content: OrgFormContent): Promise<Recorded<OrgFormView[]>> {
    const id = newId('frm');
    const at = this.deps.now();
    await this.deps.forms.create({ id, orgId, createdBy: who.user.id, at, ...content });
    return recorded(await this.list(orgId), {
      trail: 'organisation',
      action: 'orgFormCreated',
      detail: { orgId, formId: id, ...content },
    });
  }

  /** One of the organisation's own forms changed, audited with what it now holds (issue 36 item 2). */
  private async update(
    who: SignedIn,
    orgId: string,
    rawId: unknown,
    content: OrgFormContent,
  ): Promise<Recorded<OrgFormView[]>> {
    const id = await this.ownForm(orgId, rawId);
    const at = this.deps.now();
    await this.deps.forms.update(orgId, id, content, at);
    return recorded(await this.list(orgId), {
      trail: 'organisation',
      action: 'orgFormUpdated',
      detail: { orgId, formId: id, ...content },
    });
  }

  private withStore(): { store: OrgStore; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }

  private async admin(caller: Caller, rawOrgId: unknown): Promise<{ who: SignedIn; orgId: string }> {
    const { caller: who, org } = await orgFor(this.withStore(), caller, rawOrgId, 'admin');
    return { who, orgId: org.id };
  }

  /** The id of one of the organisation's own forms; a parent's form is FORM_NOT_EDITABLE (spec 000 §6). */
  private async ownForm(orgId: string, rawId: unknown): Promise<string> {
    const id = parse(formId, rawId);
    const own = await this.deps.forms.get(orgId, id);
    if (own && own.deletedAt === null) return id;
    if ((await this.usable(orgId, id))?.deletedAt === null) refuse('FORM_NOT_EDITABLE');
    refuse('NOT_FOUND');
  }

  private async requireFormBuilder(orgId: string): Promise<void> {
    await this.deps.entitlements.require(orgId, 'formBuilder');
  }
}

function builderContent(raw: unknown): OrgFormContent {
  const p = parse(orgFormPropertiesSchema, raw ?? {});
  return {
    type: 'patientContract',
    name: p.name,
    markdown: p.markdown,
    challenge: p.challenge,
    addToAll: p.addToAll,
    fields: formFieldsFromOptions(p.fields, p),
  };
}

function textBodyContent(raw: unknown): OrgFormContent {
  const p = parse(textBodyFormPropertiesSchema, raw ?? {});
  return {
    type: 'textBody',
    name: p.name,
    markdown: p.markdown,
    challenge: p.challenge,
    addToAll: p.addToAll,
    fields: formFieldsFromOptions([], { includeHealthHistory: false, requireSignature: p.requireSignature }),
  };
}

/** The forms service as the server builds it: every form creation, change and deletion is an audited configuration change. */
export type AuditedForms = Audited<
  FormsService,
  'createOrgForm' | 'updateOrgForm' | 'createTextBodyForm' | 'updateTextBodyForm' | 'deleteOrgForm'
>;

export function auditedForms(service: FormsService, sinks: AuditSinks): AuditedForms {
  return audited(
    service,
    {
      createOrgForm: 'configuration',
      updateOrgForm: 'configuration',
      createTextBodyForm: 'configuration',
      updateTextBodyForm: 'configuration',
      deleteOrgForm: 'configuration',
    },
    sinks,
  );
}
