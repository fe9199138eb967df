import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { RequestError } from '../../data/graphql.js';
import * as api from './api.js';
import { CasePicker } from './CasePicker.js';
import { KIND_LABELS, ledgerErrorText, stockText } from './texts.js';

export type EntryKind = api.EntryInput['kind'];

export interface EntryDialogProps {
  orgId: string;
  lot: api.InventoryLot;
  kind: EntryKind;
  /** The case chosen already (a scan from the case's context), if any. */
  caseId?: string | null;
  onClose: () => void;
  onDone: (entry: api.LedgerEntry) => void;
}

const HELP: Readonly<Record<EntryKind, string>> = {
  dispense: 'Draw from this lot for a case. The case must account for it at the end: given, wasted or returned.',
  administer:
    'A dose given straight from this lot, outside a charted case. A dose given in a case is charted in the case, which counts it itself.',
  waste: 'Wasted drug needs a second person who watches and signs with their own email and password.',
  return: 'Unused drug drawn for a case, put back into this lot.',
  adjust: 'A correction of the stock (a broken vial, a miscount), with the reason. Use a negative number to remove.',
  count: 'The count found in the safe, recorded beside what the ledger expects.',
  correction:
    'For a signed case only: a draw, waste or return that was not recorded before signing, witnessed, with the reason. It is shown with the case.',
};

const CORRECTS: { value: NonNullable<api.EntryInput['corrects']>; label: string }[] = [
  { value: 'waste', label: 'Wasted' },
  { value: 'return', label: 'Returned to this lot' },
  { value: 'dispense', label: 'Drawn from this lot' },
];

/** One movement of a lot: the fields its kind needs, sent to the server, the refusal shown in words. */
export function EntryDialog({
  orgId,
  lot,
  kind,
  caseId: initialCase = null,
  onClose,
  onDone,
}: EntryDialogProps): ReactNode {
  const [quantity, setQuantity] = useState('');
  const [caseId, setCaseId] = useState<string | null>(initialCase);
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [corrects, setCorrects] = useState<api.EntryInput['corrects']>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsCase = kind === 'dispense' || kind === 'return' || kind === 'correction';
  // An administration names no case: a dose given in a case is charted there, and counted there (LG5).
  const mayHaveCase = needsCase || kind === 'waste';
  const witnessed = kind === 'waste' || kind === 'correction';
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const n = Number(quantity.replace(',', '.'));
    if (quantity.trim() === '' || !Number.isFinite(n)) {
      setError(kind === 'count' ? 'Enter the count found (0 or more).' : 'Enter a quantity.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const entry = await api.recordEntry(orgId, {
        kind,
        lotId: lot.id,
        ...(kind === 'count' ? { found: n } : { quantity: n }),
        caseId: mayHaveCase ? caseId : null,
        reason: reason.trim() === '' ? null : reason.trim(),
        witness: witnessed && email.trim() !== '' ? { email: email.trim(), password } : null,
        ...(kind === 'correction' ? { corrects } : {}),
      });
      onDone(entry);
    } catch (err) {
      setError(ledgerErrorText(err instanceof RequestError ? err.code : 'UNKNOWN'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`${KIND_LABELS[kind]} · ${lot.drug} lot ${lot.lotNumber}`} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {HELP[kind]}
          </Text>
          <Text size="sm">In stock: {stockText(lot.balance, lot.packageAmount, lot.unit)}</Text>
          {mayHaveCase && <CasePicker orgId={orgId} value={caseId} onChange={setCaseId} required={needsCase} />}
          {kind === 'correction' && (
            <Select
              label="What happened"
              data={CORRECTS}
              value={corrects ?? null}
              onChange={(v) => setCorrects(v ?? null)}
              required
              styles={{ input: { minHeight: 44 } }}
            />
          )}
          <TextInput
            label={
              kind === 'count'
                ? `Found (${lot.unit})`
                : kind === 'adjust'
                  ? `Change (${lot.unit})`
                  : `Quantity (${lot.unit})`
            }
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            inputMode="decimal"
            required
            data-autofocus
            styles={{ input: { minHeight: 44 } }}
          />
          {(kind === 'adjust' || witnessed) && (
            <Textarea
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              required={kind === 'adjust' || kind === 'correction'}
              autosize
              minRows={2}
              maxLength={500}
            />
          )}
          {witnessed && (
            <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}>
              <Text fw={600}>Witness</Text>
              <Text size="sm" c="dimmed">
                The witness types their own Vigil email and password.
              </Text>
              <TextInput
                label="Witness email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                required
                styles={{ input: { minHeight: 44 } }}
              />
              <PasswordInput
                label="Witness password"
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                required
                styles={{ input: { minHeight: 44 } }}
              />
            </Stack>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={44} loading={busy}>
              {KIND_LABELS[kind]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
