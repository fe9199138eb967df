import { Anchor, Button, Group, Stack } from '@mantine/core';
import { isOneOf, newId, USER_ROLES, type PatientConsent, type SuggestionType, type UserRole } from '@vigil/shared';
import { type ReactNode } from 'react';
import { LightGroup, LightText } from '../../../ui/LightLayout.js';
import { NumberField } from '../../../ui/kit/NumberField.js';
import { GrowingTextarea } from '../../../ui/kit/GrowingTextarea.js';
import { LabelledSegments } from '../../../ui/kit/LabelledSegments.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { CheckboxField } from '../../../ui/kit/CheckboxField.js';
import { useTickShownAtOnce } from '../tickShownAtOnce.js';
import { SwitchField } from '../../../ui/kit/SwitchField.js';
import { SmartSuggestions } from '../../../ui/kit/SmartSuggestions.js';
import { PRESENT_SUGGESTIONS, REASON_FOR_SEDATION_SUGGESTIONS } from '../suggestions.js';
import type { OrgCaseSettings } from '../../../data/orgSettings.js';
import type { CaseSectionProps } from '../caseSection.js';
import classes from './StartCaseSection.module.css';
import { contractPdfUrl } from '../../forms/index.js';
import { patientConsentText } from '../signoff/usePatientConsent.js';
import { measurementSourceText, type MeasurementSource } from '../newCase.js';
import { useCaseList, useCaseValue } from '../../../case/index.js';
import { ASA_OPTIONS, caseRoles, STANDARD_PRE_OP_CHECKLIST, USER_ROLE_OPTIONS } from './startCase.js';

/*
 * The parts of "Start case" (StartCaseSection.tsx), each reading and writing its own fields of the
 * case root: the patient's measurements, the team, the procedure, the pre-op checklist and the
 * charting switches.
 */

type Doc = CaseSectionProps['doc'];

/** A text field of the case root, written as it is typed. */
function CaseText({
  doc,
  field,
  label,
  disabled,
  multiline,
  placeholder,
  suggestions,
}: {
  doc: CaseSectionProps['doc'];
  field: string;
  label: string;
  disabled: boolean;
  multiline?: boolean;
  placeholder?: string;
  /** A smart suggestions panel under the field (spec 002 §5), named `label` (not the field's). */
  suggestions?: { type: SuggestionType; items: readonly string[]; label: string };
}): ReactNode {
  const [value, setValue] = useCaseValue<string>(doc, field);
  const text = typeof value === 'string' ? value : '';
  const common = {
    label,
    value: text,
    disabled,
    placeholder,
    onChange: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value || null),
  };
  const input = multiline ? <GrowingTextarea {...common} minRows={2} size="md" /> : <LightTextInput {...common} />;
  if (!suggestions) return input;
  return (
    <Stack gap={4}>
      {input}
      <SmartSuggestions
        label={suggestions.label}
        type={suggestions.type}
        suggestions={suggestions.items}
        value={text}
        disabled={disabled}
        onChange={(v) => setValue(v || null)}
      />
    </Stack>
  );
}

/** A switch of the case root (spec 001 §3 switches); `fallback` is its value while unset. */
function CaseSwitch({
  doc,
  field,
  label,
  disabled,
  fallback,
}: {
  doc: CaseSectionProps['doc'];
  field: string;
  label: string;
  disabled: boolean;
  fallback: boolean;
}): ReactNode {
  const [value, setValue] = useCaseValue<boolean>(doc, field);
  return (
    <SwitchField
      label={label}
      checked={typeof value === 'boolean' ? value : fallback}
      disabled={disabled}
      onChange={setValue}
    />
  );
}

export interface PatientFieldsProps {
  doc: Doc;
  readOnly: boolean;
  /** The birth date on the patient record, when known (the case keeps its own copy otherwise). */
  recordBirthDate: string | null;
}

/** Weight, height, birth date and allergies, with where a carried measurement came from and its age (issue 25). */
export function PatientFields({ doc, readOnly, recordBirthDate }: PatientFieldsProps): ReactNode {
  const [weight, setWeight] = useCaseValue<{ value: number; raw?: string }>(doc, 'weight');
  const [height, setHeight] = useCaseValue<{ value: number; raw?: string }>(doc, 'height');
  const [weightSource, setWeightSource] = useCaseValue<MeasurementSource>(doc, 'weightSource');
  const [heightSource, setHeightSource] = useCaseValue<MeasurementSource>(doc, 'heightSource');
  const [birthDate, setBirthDate] = useCaseValue<string>(doc, 'patientBirthDate');
  const now = Date.now();
  const weightFrom =
    weightSource && typeof weight?.value === 'number' ? measurementSourceText(weightSource, now) : null;
  const heightFrom =
    heightSource && typeof height?.value === 'number' ? measurementSourceText(heightSource, now) : null;
  return (
    <>
      <div className={classes.grid4}>
        <NumberField
          label="Weight (kg)"
          hideControls
          {...TOUCH_INPUT}
          value={typeof weight?.value === 'number' ? weight.value : null}
          min={0}
          max={650}
          decimalScale={1}
          disabled={readOnly}
          description={weightFrom?.text}
          onChange={(kg) => {
            setWeight(kg == null || kg <= 0 ? null : { value: kg, raw: `${kg} kg` });
            // Typed on the case: no longer the record's (and never carried in again).
            setWeightSource(null);
          }}
        />
        <NumberField
          label="Height (cm)"
          hideControls
          {...TOUCH_INPUT}
          value={typeof height?.value === 'number' ? height.value : null}
          min={0}
          max={305}
          decimalScale={1}
          disabled={readOnly}
          description={heightFrom?.text}
          onChange={(cm) => {
            setHeight(cm == null || cm <= 0 ? null : { value: cm, raw: `${cm} cm` });
            setHeightSource(null);
          }}
        />
        <LightTextInput
          label="Birth date"
          type="date"
          value={recordBirthDate ?? (typeof birthDate === 'string' ? birthDate : '')}
          disabled={readOnly || recordBirthDate != null}
          description={recordBirthDate != null ? 'From the patient record' : undefined}
          onChange={(e) => setBirthDate(e.currentTarget.value || null)}
        />
        <CaseText doc={doc} field="allergiesSummary" label="Allergies" placeholder="NKDA" disabled={readOnly} />
      </div>
      {weightFrom && weightFrom.age.colour !== 'green' && (
        <LightText size="sm" c={weightFrom.age.colour} role="alert" data-testid="weight-age">
          The weight was measured {weightFrom.age.amount} {weightFrom.age.unit} ago: weigh the patient again before
          dosing by weight.
        </LightText>
      )}
    </>
  );
}

export interface TeamFieldsProps {
  doc: Doc;
  readOnly: boolean;
  settings: OrgCaseSettings;
  /** The appointment's primary provider, else the signed-in user (spec 001 §6). */
  primaryProviderName: string | null;
}

/** The user's role and the names it decides (spec 001 §6), recorder, who is present and the final signer. */
export function TeamFields({ doc, readOnly, settings, primaryProviderName }: TeamFieldsProps): ReactNode {
  const [role, setRole] = useCaseValue<string>(doc, 'userRole');
  const [surgeonName, setSurgeonName] = useCaseValue<string>(doc, 'surgeonName');
  const [sedationProviderName, setSedationProviderName] = useCaseValue<string>(doc, 'sedationProviderName');
  const userRole: UserRole | null = isOneOf(USER_ROLES, role) ? role : null;
  const names = caseRoles({
    userRole,
    primaryProviderName,
    surgeonName: typeof surgeonName === 'string' ? surgeonName : null,
    sedationProviderName: typeof sedationProviderName === 'string' ? sedationProviderName : null,
    primaryProviderMustBeFinalSigner: settings.primaryProviderMustBeFinalSigner,
  });
  return (
    <>
      <LabelledSegments
        label="My role"
        fullWidth
        value={userRole ?? ''}
        disabled={readOnly}
        data={USER_ROLE_OPTIONS.map((o) => ({ ...o }))}
        onChange={(v) => setRole(v)}
      />
      <div className={classes.grid2}>
        <LightTextInput
          label="Surgeon name"
          value={names.surgeonName ?? ''}
          disabled={readOnly || !names.surgeonEntered}
          onChange={(e) => setSurgeonName(e.currentTarget.value || null)}
        />
        <LightTextInput
          label="Sedation provider name"
          value={names.sedationProviderName ?? ''}
          disabled={readOnly || !names.sedationProviderEntered}
          onChange={(e) => setSedationProviderName(e.currentTarget.value || null)}
        />
        <CaseText doc={doc} field="recorderName" label="Recorder" disabled={readOnly} />
        <CaseText
          doc={doc}
          field="present"
          label="Present"
          placeholder="Others in the room"
          disabled={readOnly}
          suggestions={{ type: 'multiple', items: PRESENT_SUGGESTIONS, label: 'Suggested people in the room' }}
        />
        <CaseText
          doc={doc}
          field="responsibleCompanion"
          label="Responsible companion"
          placeholder="Who takes the patient home"
          disabled={readOnly}
        />
      </div>
      <LightText size="sm" data-testid="final-signer">
        Final signer: {names.finalSignerName ?? 'choose your role'}
      </LightText>
    </>
  );
}

/** Procedure, reason, last food and drink, ASA, risk assessment and the surgical timeout (spec 001 §3). */
export function ProcedureFields({ doc, readOnly }: { doc: Doc; readOnly: boolean }): ReactNode {
  const [asa, setAsa] = useCaseValue<string>(doc, 'asaClassification');
  const [timeoutEnabled] = useCaseValue<boolean>(doc, 'timeoutEnabled');
  const [procedureDate, setProcedureDate] = useCaseValue<string>(doc, 'procedureDate');
  return (
    <>
      <div className={classes.grid2}>
        <CaseText doc={doc} field="procedure" label="Procedure" disabled={readOnly} />
        <LightTextInput
          label="Procedure date"
          type="date"
          value={typeof procedureDate === 'string' ? procedureDate : ''}
          disabled={readOnly}
          description="Printed on the report; the day it is printed when left empty"
          onChange={(e) => setProcedureDate(e.currentTarget.value || null)}
        />
        <CaseText
          doc={doc}
          field="reasonForSedation"
          label="Reason for sedation"
          disabled={readOnly}
          suggestions={{ type: 'single', items: REASON_FOR_SEDATION_SUGGESTIONS, label: 'Suggested reasons' }}
        />
        <CaseText doc={doc} field="lastFood" label="Last food" placeholder="e.g. 20:00 yesterday" disabled={readOnly} />
        <CaseText doc={doc} field="lastDrink" label="Last drink" placeholder="e.g. 06:00 water" disabled={readOnly} />
      </div>
      <LabelledSegments
        label="ASA classification"
        value={typeof asa === 'string' ? asa : ''}
        disabled={readOnly}
        data={ASA_OPTIONS.map((o) => ({ ...o }))}
        onChange={(v) => setAsa(v)}
      />
      <CaseText
        doc={doc}
        field="preProcedureRiskAssessment"
        label="Pre-procedure risk assessment"
        multiline
        disabled={readOnly}
      />
      <CaseSwitch doc={doc} field="timeoutEnabled" label="Surgical timeout" disabled={readOnly} fallback={false} />
      {timeoutEnabled === true && (
        <CaseText doc={doc} field="timeoutText" label="Timeout" multiline disabled={readOnly} />
      )}
    </>
  );
}

export interface PreOpChecklistProps {
  doc: Doc;
  readOnly: boolean;
  orgId: string;
  /** The consent the patient signed for the case on the patient link, shown with the checklist. */
  patientConsent: PatientConsent | null;
  /** The item being typed, kept by the section so it survives a fold. */
  newItem: string;
  setNewItem: (text: string) => void;
}

/** One checklist item's tick, shown at once when tapped (useTickShownAtOnce). */
function ChecklistTick(props: {
  label: string;
  complete: boolean;
  disabled: boolean;
  onChange: (complete: boolean) => void;
}): ReactNode {
  const [shown, tap] = useTickShownAtOnce(props.complete);
  return (
    <CheckboxField
      label={props.label}
      checked={shown}
      disabled={props.disabled}
      onChange={(complete) => {
        tap(complete);
        props.onChange(complete);
      }}
    />
  );
}

/** The pre-op checklist: the patient's signed consent, the items ticked, removed or added, the standard list to start from. */
export function PreOpChecklist(props: PreOpChecklistProps): ReactNode {
  const { doc, readOnly, orgId, patientConsent, newItem, setNewItem } = props;
  const checklist = useCaseList(doc, 'preOpChecklist');
  const items = [...checklist.items].sort((a, b) => a.order - b.order);
  const nextOrder = items.reduce((m, i) => Math.max(m, i.order), 0) + 1;
  const addItem = (label: string, order: number): void =>
    checklist.add({ id: newId('chk'), label, order, complete: false });
  return (
    <>
      {patientConsent && (
        // Consent signed on the patient's phone (issue 35 item 13): it records consent (SO3) without a tick.
        <LightText size="sm" data-testid="patient-consent">
          <Anchor href={contractPdfUrl(orgId, patientConsent.contractId)} target="_blank" rel="noopener">
            {patientConsent.title}
          </Anchor>
          {`: ${patientConsentText(patientConsent)}`}
        </LightText>
      )}
      {items.length === 0 ? (
        <LightGroup>
          <LightText size="sm" c="dimmed">
            No checklist items yet.
          </LightText>
          <Button
            mih={44}
            variant="light"
            disabled={readOnly}
            onClick={() => STANDARD_PRE_OP_CHECKLIST.forEach((label, i) => addItem(label, i + 1))}
          >
            Use standard checklist
          </Button>
        </LightGroup>
      ) : (
        <Stack gap={4} role="group" aria-label="Pre-op checklist">
          {items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" mih={44}>
              <ChecklistTick
                label={item.label}
                complete={item.complete}
                disabled={readOnly}
                onChange={(complete) => checklist.replaceWhere((x) => x.id === item.id, { ...item, complete })}
              />
              <Button
                mih={44}
                variant="subtle"
                color="red"
                disabled={readOnly}
                aria-label={`Remove checklist item ${item.label}`}
                onClick={() => checklist.removeWhere((x) => x.id === item.id)}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (newItem.trim() === '') return;
          addItem(newItem.trim(), nextOrder);
          setNewItem('');
        }}
      >
        <Group align="flex-end">
          <LightTextInput
            label="New checklist item"
            value={newItem}
            disabled={readOnly}
            onChange={(e) => setNewItem(e.currentTarget.value)}
          />
          <Button mih={44} type="submit" variant="default" disabled={readOnly || newItem.trim() === ''}>
            Add item
          </Button>
        </Group>
      </form>
      <CaseSwitch
        doc={doc}
        field="separatePreOpPage"
        label="Print the pre-op checklist on its own page"
        disabled={readOnly}
        fallback={false}
      />
    </>
  );
}

/** The case switches for what is charted (spec 001 §3). */
export function ChartingSwitches({ doc, readOnly }: { doc: Doc; readOnly: boolean }): ReactNode {
  return (
    <div className={classes.grid2}>
      <CaseSwitch doc={doc} field="vitalsTrackingEnabled" label="Track vitals" disabled={readOnly} fallback />
      <CaseSwitch doc={doc} field="ivEnabled" label="IV" disabled={readOnly} fallback={false} />
      <CaseSwitch doc={doc} field="airwayEnabled" label="Airway" disabled={readOnly} fallback={false} />
      <CaseSwitch
        doc={doc}
        field="calculateDrugWaste"
        label="Calculate drug waste"
        disabled={readOnly}
        fallback={false}
      />
    </div>
  );
}
