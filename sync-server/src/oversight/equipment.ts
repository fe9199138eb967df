import { orderedDevices, type EquipmentOrderLine, type TeamEquipmentOrgView } from '@vigil/shared';
import { internalStaff, type Caller } from '../access/caller.js';
import type { BridgeStore } from '../store/bridges/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PageRequest } from '../pages.js';
import type { ShopStore } from '../store/shop/types.js';

export interface TeamEquipmentDeps {
  orgs: Pick<OrgStore, 'allOrgs'>;
  bridges: Pick<BridgeStore, 'list' | 'monitors'>;
  shop: Pick<ShopStore, 'orders' | 'products'>;
}

/** A page of the store's products or orders the planner reads at a time. */
const PAGE = 200;

/**
 * `/vigil-team/equipment-planner` (issue 41; spec 000 §2): the monitors, bridges and scanners
 * each organisation uses, for internal staff only: its paired (not revoked) Vigil Bridges with the
 * monitors each reads, and the monitors and scanners it has from the team's store (EQ1). Scanners
 * and browser monitors are configured on the tablet, not on the server, so the store's orders are
 * what the server knows of them (docs/decisions.md, session 29). Only organisations with any of
 * these are listed, by name. No patient data.
 */
export class TeamEquipmentService {
  constructor(private readonly deps: TeamEquipmentDeps) {}

  /**
   * teamEquipment: a page of the organisations with equipment (their bridges, the bridges'
   * monitors and the store equipment), in organisation id order after `page.after`.
   */
  async list(caller: Caller, page: PageRequest): Promise<TeamEquipmentOrgView[]> {
    internalStaff(caller);
    const categories = await this.categories();
    const out: TeamEquipmentOrgView[] = [];
    const orgs = (await this.deps.orgs.allOrgs())
      .filter((o) => page.after === null || o.id > page.after)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const org of orgs) {
      if (out.length >= page.first) break;
      const paired = (await this.deps.bridges.list(org.id)).filter((b) => b.revokedAt === null);
      const monitors = paired.length > 0 ? await this.deps.bridges.monitors(paired.map((b) => b.id)) : [];
      const bridges = paired.map((b) => ({
        ...{ id: b.id, name: b.name, location: b.location, pairedAt: b.pairedAt, lastSeenAt: b.lastSeenAt },
        monitors: monitors
          .filter((m) => m.bridgeId === b.id)
          .map((m) => ({ label: m.label, protocol: m.protocol, lastReadingAt: m.lastReadingAt })),
      }));
      const ordered = orderedDevices(await this.orderLines(org.id, categories));
      if (bridges.length > 0 || ordered.length > 0) out.push({ orgId: org.id, name: org.name, bridges, ordered });
    }
    return out;
  }

  /** Every product's category by id (archived ones too: they stay on their orders). */
  private async categories(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    let after: string | undefined;
    for (;;) {
      const page = await this.deps.shop.products({ activeOnly: false, limit: PAGE, ...(after ? { after } : {}) });
      for (const p of page.items) out.set(p.id, p.category);
      after = page.items.at(-1)?.id;
      if (!page.hasMore || !after) return out;
    }
  }

  private async orderLines(orgId: string, categories: Map<string, string>): Promise<EquipmentOrderLine[]> {
    const out: EquipmentOrderLine[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.deps.shop.orders({ orgId, limit: PAGE, ...(after ? { after } : {}) });
      for (const o of page.items)
        for (const l of o.lines)
          out.push({
            category: categories.get(l.productId) ?? null,
            name: l.name,
            quantity: l.quantity,
            status: o.status,
          });
      after = page.items.at(-1)?.id;
      if (!page.hasMore || !after) return out;
    }
  }
}
