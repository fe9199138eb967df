import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { refusalText, type OfficeDrug, type OfficeDrugsView } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { saveOfficeDrugs, useOfficeDrugList, type OfficeDrugsOptions } from '../../data/officeDrugs.js';
import { Page } from '../../ui/Page.js';
import { CategorySection } from './CategorySection.js';
import { CATEGORY_LABELS, OFFICE_DRUG_CATEGORIES, drugLabel } from './model.js';
import { OwnDrugForm } from './OwnDrugForm.js';

export interface CustomizeDrugsPageProps {
  /** Tests: the read and the save without a server. */
  options?: OfficeDrugsOptions;
  save?: (orgId: string, drugs: readonly OfficeDrug[]) => Promise<OfficeDrugsView>;
}

const SAVE_WORDING = { NOT_AUTHORIZED: 'Only an administrator of the office can change its drug list.' };

/**
 * /org/{orgId}/customize-drugs (issue 39): the drugs the office's providers see first in each
 * list of the case screen (oral sedatives, parenteral drugs, local anesthetic variants,
 * inhalation agents), their default unit, routes and common doses, and the drugs it adds of its
 * own (OD1). Read from the server (an editor shows what is kept); saved by its administrators;
 * a parent organisation's list shows read-only. The catalogues' limits are never changed here.
 */
export function CustomizeDrugsPage({ options = {}, save = saveOfficeDrugs }: CustomizeDrugsPageProps): ReactNode {
  const orgId = useParams().orgId ?? '';
  const query = useOfficeDrugList(orgId, { ...options, offline: false });
  const [draft, setDraft] = useState<OfficeDrug[] | null>(null);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && draft === null) setDraft(query.data.drugs);
  }, [query.data, draft]);

  const view = query.data;
  if (!view || draft === null) {
    return (
      <Page title="Customize Drugs">
        {query.error && !query.loading ? (
          <Alert color="red" role="alert">
            {refusalText(query.error)}
          </Alert>
        ) : (
          <Text>Loading...</Text>
        )}
      </Page>
    );
  }
  const disabled = !view.editable || status === 'saving';
  const change = (next: OfficeDrug[]): void => {
    setDraft(next);
    setStatus('idle');
  };
  const submit = async (): Promise<void> => {
    setStatus('saving');
    setError(null);
    try {
      const saved = await save(orgId, draft);
      query.set(saved);
      setDraft(saved.drugs);
      setStatus('saved');
    } catch (err) {
      setError(refusalText(errorCode(err), SAVE_WORDING));
      setStatus('idle');
    }
  };

  return (
    <Page title="Customize Drugs">
      <Text c="dimmed" maw={760}>
        The drugs your providers see first on the case screen, with their usual unit, routes and doses. Every other drug
        of the catalogue stays available after them. Maximum doses of catalogue drugs are never changed here.
      </Text>
      {!view.editable && <Alert color="gray">Only an administrator of the office can change this list.</Alert>}
      <Stack gap="md">
        {OFFICE_DRUG_CATEGORIES.map((category) => (
          <CategorySection
            key={category}
            category={category}
            drugs={draft.filter((d) => d.category === category)}
            disabled={disabled}
            onChange={(drugs) =>
              change(
                OFFICE_DRUG_CATEGORIES.flatMap((c) => (c === category ? drugs : draft.filter((d) => d.category === c))),
              )
            }
          />
        ))}
        {view.editable && (
          <OwnDrugForm
            disabled={disabled}
            onAdd={(drug) => {
              if (draft.some((d) => d.id === drug.id)) return 'This drug is listed already.';
              change([...draft, drug]);
              return null;
            }}
          />
        )}
        <Inherited view={view} />
      </Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {view.editable && (
        <Group>
          <Button onClick={() => void submit()} loading={status === 'saving'} disabled={disabled}>
            Save drug list
          </Button>
          {status === 'saved' && (
            <Text role="status" c="green.9">
              Saved.
            </Text>
          )}
        </Group>
      )}
    </Page>
  );
}

/** [OD2] The parent organisations' drugs that reach this office after its own, read-only. */
function Inherited({ view }: { view: OfficeDrugsView }): ReactNode {
  if (view.inherited.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="office-drugs-inherited">
      <Title order={2} size="h4" id="office-drugs-inherited" mb="xs">
        From {view.inheritedFrom.join(', ')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Shown after the office’s own; changed only by the parent organization.
      </Text>
      <List size="sm">
        {view.inherited.map((d) => (
          <List.Item key={`${d.category}:${d.id}`}>
            {CATEGORY_LABELS[d.category]}: {drugLabel(d)}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
