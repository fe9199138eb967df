import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  signNotes,
  useCaseValue,
  type CaseDoc,
  type NotesSignature as Signed,
  type NotesSignatureKey,
} from '../../../case/index.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { SignaturePad } from '../../../ui/SignaturePad.js';
import { clockDateTime } from '../../../ui/format.js';

export interface NotesSignatureProps {
  doc: CaseDoc | undefined;
  field: NotesSignatureKey;
  /**
   * Which notes, in the labels: 'procedure' gives 'Procedure signer', 'Sign procedure notes'.
   * No label holds the notes' own ('Procedure notes'), so the notes are found by theirs alone.
   */
  what: 'procedure' | 'recovery';
  disabled: boolean;
  now?: () => number;
}

const isSigned = (v: unknown): v is Signed =>
  v != null &&
  typeof v === 'object' &&
  typeof (v as Signed).name === 'string' &&
  typeof (v as Signed).signature === 'string';

/**
 * The signature under a case's notes (spec 002 §3 report data: procedureNotesSignature,
 * recoveryNotesSignature; printed under the notes as "Signed by … at …"): a signer name, then the
 * signature pad (spec 002 §2); Change draws it again, Remove takes it off.
 */
export function NotesSignature({ doc, field, what, disabled, now = Date.now }: NotesSignatureProps): ReactNode {
  const What = what === 'procedure' ? 'Procedure' : 'Recovery';
  const [value] = useCaseValue<Signed>(doc, field);
  const signed = isSigned(value) ? value : null;
  const [name, setName] = useState('');
  const [padOpen, setPadOpen] = useState(false);
  const signer = signed && name === '' ? signed.name : name.trim();
  return (
    <Stack gap={4}>
      {signed ? (
        <Group gap="sm" wrap="wrap">
          <svg viewBox="0 0 660 300" width={110} height={50} role="img" aria-label={`Signature of ${signed.name}`}>
            <path d={signed.signature} fill="none" stroke="black" strokeWidth={3} />
          </svg>
          <Text size="sm" data-testid={`${field}-signed`}>
            Signed by {signed.name}
            {typeof signed.time === 'number' ? ` at ${clockDateTime(signed.time)}` : ''}
          </Text>
          <Button
            variant="subtle"
            mih={44}
            disabled={disabled}
            aria-label={`Change the ${what} signature`}
            onClick={() => setPadOpen(true)}
          >
            Change
          </Button>
          <Button
            variant="subtle"
            color="red"
            mih={44}
            disabled={disabled}
            aria-label={`Remove the ${what} signature`}
            onClick={() => doc && signNotes(doc, field, null)}
          >
            Remove
          </Button>
        </Group>
      ) : (
        <Group align="flex-end" gap="sm">
          <LightTextInput
            label={`${What} signer`}
            value={name}
            disabled={disabled}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button mih={44} variant="light" disabled={disabled || name.trim() === ''} onClick={() => setPadOpen(true)}>
            Sign {what} notes
          </Button>
        </Group>
      )}
      {padOpen && (
        <SignaturePad
          opened
          initialPath={signed?.signature ?? null}
          onClose={() => setPadOpen(false)}
          onSign={(path) => {
            setPadOpen(false);
            if (doc) signNotes(doc, field, { name: signer, signature: path, time: now() });
            setName('');
          }}
        />
      )}
    </Stack>
  );
}
