import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IvSiteCard } from './IvSiteCard.js';
import { IvSiteForm } from './IvSiteForm.js';
import type { IvSite } from './model.js';
import { putListEntry, useCaseList } from '../../../case/index.js';
import type { CaseSectionProps } from '../caseSection.js';

/**
 * IV sites (spec 001 §3, §5): side, site, gauge, attempts, secured with, time, removed,
 * solutions and syringe flushes, each site checked by the complete rule [CD10]. A change
 * replaces the site's entry in the case's `ivSites` list.
 */
export function IvSitesSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const sites = useCaseList(doc, 'ivSites');
  const put = (site: IvSite): void => {
    if (doc) putListEntry(doc, 'ivSites', site);
  };
  const rows = [...sites.items].sort((a, b) => (a.time ?? Infinity) - (b.time ?? Infinity));
  return (
    <Stack gap="sm" component="section" aria-label="IV sites">
      <Title order={2} size="h3">
        IV
      </Title>
      <IvSiteForm initial={null} disabled={readOnly} submitLabel="Add IV site" onSubmit={sites.add} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No IV sites charted.
        </Text>
      ) : (
        rows.map((site) => (
          <IvSiteCard
            key={site.id}
            site={site}
            disabled={readOnly}
            onPut={put}
            onDelete={(id) => sites.removeWhere((s) => s.id === id)}
          />
        ))
      )}
    </Stack>
  );
}
