import { Alert, Autocomplete, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { RequestError } from '../../data/graphql.js';
import * as api from './api.js';
import { CONTROLLED_DRUGS, controlledDrug } from './drugs.js';
import type { ScannedPackage } from './scan.js';
import { ledgerErrorText } from './texts.js';

export interface ReceiveFormProps {
  orgId: string;
  inventoryId: string;
  /** The last package scanned: fills GTIN, lot, expiry, serial and NDC. */
  scanned: ScannedPackage | null;
  onDone: (entry: api.LedgerEntry) => void;
}

const empty = {
  drug: '',
  strength: '',
  schedule: 'IV',
  lotNumber: '',
  expiry: '',
  unit: 'mg',
  packageAmount: '',
  packages: '',
};

/** The form with a drug picked: a known controlled drug fills its schedule, unit, strength and package amount. */
function withDrug(x: typeof empty, name: string): typeof empty {
  const d = controlledDrug(name);
  return d
    ? {
        ...x,
        drug: d.name,
        schedule: d.schedule,
        unit: d.unit,
        strength: d.strength,
        packageAmount: String(d.packageAmount),
      }
    : { ...x, drug: name };
}

/** What the form still needs before a lot can be received, or null. */
function receiveFormError(f: typeof empty): string | null {
  if (f.drug.trim() === '' || f.lotNumber.trim() === '' || !/^\d{4}-\d{2}-\d{2}$/.test(f.expiry))
    return 'Enter the drug, the lot number and the expiry date.';
  if (!(Number(f.packageAmount) > 0) || !(Number(f.packages) > 0))
    return 'Enter the amount in one package and how many packages arrived.';
  return null;
}

/** Receiving packages of a lot (administrators): scanned fields filled in, the rest typed or taken from the drug list. */
export function ReceiveForm({ orgId, inventoryId, scanned, onDone }: ReceiveFormProps): ReactNode {
  const [f, setF] = useState(empty);
  const [codes, setCodes] = useState<{ gtin: string | null; ndc: string | null; serialNumber: string | null }>({
    gtin: null,
    ndc: null,
    serialNumber: null,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!scanned) return;
    setF((x) => ({ ...x, lotNumber: scanned.lotNumber ?? x.lotNumber, expiry: scanned.expiry ?? x.expiry }));
    setCodes({ gtin: scanned.gtin, ndc: scanned.ndc, serialNumber: scanned.serialNumber });
  }, [scanned]);
  const set = (k: keyof typeof empty) => (v: string | null) => setF((x) => ({ ...x, [k]: v ?? '' }));
  const pickDrug = (name: string): void => setF((x) => withDrug(x, name));
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const packageAmount = Number(f.packageAmount);
    const packages = Number(f.packages);
    const missing = receiveFormError(f);
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const entry = await api.receiveLot(
        orgId,
        inventoryId,
        {
          drug: f.drug.trim(),
          strength: f.strength.trim(),
          schedule: f.schedule,
          lotNumber: f.lotNumber.trim(),
          expiry: f.expiry,
          unit: f.unit,
          packageAmount,
          ...codes,
        },
        Math.round(packageAmount * packages * 1e6) / 1e6,
      );
      setF(empty);
      setCodes({ gtin: null, ndc: null, serialNumber: null });
      onDone(entry);
    } catch (err) {
      setError(ledgerErrorText(err instanceof RequestError ? err.code : 'UNKNOWN'));
    } finally {
      setBusy(false);
    }
  };
  const input = { styles: { input: { minHeight: 44 } } };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Receive">
      <Stack>
        {codes.gtin && (
          <Text size="sm" role="status">
            Scanned GTIN {codes.gtin}
            {codes.ndc ? ` · NDC ${codes.ndc}` : ''}
            {codes.serialNumber ? ` · serial ${codes.serialNumber}` : ''}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Autocomplete
            label="Drug"
            data={CONTROLLED_DRUGS.map((d) => d.name)}
            value={f.drug}
            onChange={pickDrug}
            required
            {...input}
          />
          <TextInput
            label="Strength"
            value={f.strength}
            onChange={(e) => set('strength')(e.currentTarget.value)}
            {...input}
          />
          <Select
            label="DEA schedule"
            data={['II', 'III', 'IV', 'V']}
            value={f.schedule}
            onChange={set('schedule')}
            allowDeselect={false}
            {...input}
          />
          <TextInput
            label="Lot number"
            value={f.lotNumber}
            onChange={(e) => set('lotNumber')(e.currentTarget.value)}
            required
            {...input}
          />
          <TextInput
            label="Expiry"
            type="date"
            value={f.expiry}
            onChange={(e) => set('expiry')(e.currentTarget.value)}
            required
            {...input}
          />
          <Select
            label="Unit"
            data={['mg', 'mcg', 'g']}
            value={f.unit}
            onChange={set('unit')}
            allowDeselect={false}
            {...input}
          />
          <TextInput
            label={`Amount in one package (${f.unit})`}
            inputMode="decimal"
            value={f.packageAmount}
            onChange={(e) => set('packageAmount')(e.currentTarget.value)}
            required
            {...input}
          />
          <TextInput
            label="Packages received"
            inputMode="numeric"
            value={f.packages}
            onChange={(e) => set('packages')(e.currentTarget.value)}
            required
            {...input}
          />
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" mih={44} loading={busy}>
            Receive
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
