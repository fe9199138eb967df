import { Alert, Divider, Stack, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { SEDATION_LEVELS, officeMaximumRows, type SedationLevel } from '@vigil/shared';
import { useOfficeDrugs } from '../../../data/officeDrugs.js';
import { DrawnForm } from './DrawnForm.js';
import { DrugTable } from './DrugTable.js';
import { Fluids } from './Fluids.js';
import { GiveDrugForm } from './GiveDrugForm.js';
import { Infusions } from './Infusions.js';
import { Inhalation } from './Inhalation.js';
import { drugWarnings, officeDrugCatalogue, summarizeDrugs } from './model.js';
import { PreMeds } from './PreMeds.js';
import { putListEntry, useCaseList, useCaseValue } from '../../../case/index.js';
import type { CaseSectionProps } from '../caseSection.js';

/** The case's sedation level as a rank key ('Deep' and 'deep' alike), or null. */
export function sedationLevelOf(value: unknown): SedationLevel | null {
  const v = typeof value === 'string' ? value.toLowerCase() : '';
  return (SEDATION_LEVELS as readonly string[]).includes(v) ? (v as SedationLevel) : null;
}

/**
 * The drugs section (spec 001 §3, §5; spec 002 §3, §9): pre-meds, oral sedatives and parenteral
 * doses with running totals and waste, infusions with boluses, inhalation agents, and fluids.
 * Every change is an entry added to or removed from a list of the case document.
 */
export function DrugsSection({ doc, readOnly, context }: CaseSectionProps): ReactNode {
  const drugs = useCaseList(doc, 'drugsAdministered');
  const preMeds = useCaseList(doc, 'preMeds');
  const infusions = useCaseList(doc, 'infusionDrugs');
  // The case's switch (start-case section): waste is calculated only when it is on [DR5].
  const [waste] = useCaseValue<boolean>(doc, 'calculateDrugWaste');
  const [level] = useCaseValue<string>(doc, 'sedationLevel');
  const { weightKg, ageYears } = context;
  // The office's drugs first in the pickers (customize-drugs, OD3), and its own drugs' maxima (OD4).
  const office = useOfficeDrugs(context.orgId);
  const catalogue = useMemo(() => officeDrugCatalogue(office), [office]);
  const officeRows = useMemo(() => officeMaximumRows(office), [office]);
  const summaries = useMemo(
    () => summarizeDrugs(drugs.items, waste === true, { weightKg, ageYears, officeRows }),
    [drugs.items, waste, weightKg, ageYears, officeRows],
  );
  // [DM5] Past a maximum (every route counted), or not fully checked: shown under the form.
  const warnings = useMemo(
    () => drugWarnings(drugs.items, { weightKg, ageYears, officeRows }),
    [drugs.items, weightKg, ageYears, officeRows],
  );
  const oral = summaries.filter((s) => s.group === 'oral');
  const parenteral = summaries.filter((s) => s.group === 'parenteral');
  const removeDrug = (id: string): void => drugs.removeWhere((e) => e.id === id);

  return (
    <Stack gap="sm" component="section" aria-label="Medications">
      <Title order={2} size="h3">
        Drugs
      </Title>
      <GiveDrugForm
        weightKg={weightKg}
        ageYears={ageYears}
        given={drugs.items}
        disabled={readOnly}
        onGive={drugs.add}
        catalogue={catalogue}
        officeRows={officeRows}
      />
      {warnings.map((i) => (
        <Alert
          key={`${i.code}-${i.message}`}
          color={i.code === 'DRUG_MAX_EXCEEDED' ? 'red' : 'orange'}
          variant={i.code === 'DRUG_MAX_EXCEEDED' ? 'filled' : 'light'}
          role="alert"
        >
          {i.message}
        </Alert>
      ))}
      {oral.length === 0 && parenteral.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing given by mouth or injection yet.
        </Text>
      )}
      <DrugTable title="Oral sedatives" summaries={oral} showWaste={false} disabled={readOnly} onRemove={removeDrug} />
      <DrugTable
        title="Parenteral"
        summaries={parenteral}
        showWaste={waste === true}
        disabled={readOnly}
        onRemove={removeDrug}
      />
      {waste === true && <DrawnForm disabled={readOnly} onDraw={drugs.add} />}

      <Divider label="Pre-meds" labelPosition="left" />
      <PreMeds
        office={office}
        items={preMeds.items}
        disabled={readOnly}
        onAdd={preMeds.add}
        onRemove={(id) => preMeds.removeWhere((p) => p.id === id)}
      />

      <Divider label="Infusions" labelPosition="left" />
      <Infusions
        items={infusions.items}
        weightKg={context.weightKg}
        disabled={readOnly}
        onPut={(entry) => {
          if (doc) putListEntry(doc, 'infusionDrugs', entry);
        }}
      />

      <Divider label="Inhalation agents" labelPosition="left" />
      <Inhalation
        entries={drugs.items}
        sedationLevel={sedationLevelOf(level)}
        disabled={readOnly}
        onAdd={drugs.add}
        office={office}
      />

      <Divider label="Fluids" labelPosition="left" />
      <Fluids entries={drugs.items} disabled={readOnly} onAdd={drugs.add} onRemove={removeDrug} />
    </Stack>
  );
}
