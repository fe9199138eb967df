import type { SignatureEntry as CaseSignature } from '@vigil/shared';
import { Alert, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { newId } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { SignaturePad } from '../../../ui/SignaturePad.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import { clockDateTime } from '../../../ui/format.js';
import type { CaseSectionProps } from '../caseSection.js';
import { useCaseList } from '../../../case/index.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export type { CaseSignature };

export interface SignaturesSectionProps extends CaseSectionProps {
  /** The signed-in user's name, offered as the signer. */
  userName: string | null;
  /** Saved signatures are offered only to fully authenticated users (spec 002 §2). */
  fullyAuthenticated: boolean;
  /** Reads the user's saved signature (only called when fully authenticated). */
  loadSavedSignature: () => Promise<{ path: string } | null>;
  /** Saves or updates the user's signature for future use. */
  saveSignature: (path: string) => Promise<void>;
  now?: () => number;
}

/**
 * Signatures (spec 001 §3; spec 002 §2 signature pad): a signer name, then the full-screen pad;
 * a fully authenticated user starts from their saved signature and may save the new one.
 */
export function SignaturesSection({
  doc,
  readOnly,
  userName,
  fullyAuthenticated,
  loadSavedSignature,
  saveSignature,
  now = Date.now,
}: SignaturesSectionProps): ReactNode {
  const list = useCaseList(doc, 'signatures');
  const [signer, setSigner] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  /** The signature being changed, or null when adding one. */
  const [changing, setChanging] = useState<CaseSignature | null>(null);
  const name = signer ?? userName ?? '';

  const openPad = (): void => {
    setChanging(null);
    setSaveFailed(false);
    if (!fullyAuthenticated) {
      setSaved(null);
      setPadOpen(true);
      return;
    }
    loadSavedSignature().then(
      (s) => {
        setSaved(s?.path ?? null);
        setPadOpen(true);
      },
      () => {
        setSaved(null);
        setPadOpen(true);
      },
    );
  };

  return (
    <SectionFrame id="case-signatures" title="Signatures">
      <Stack gap="sm">
        {list.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No signatures yet.
          </Text>
        ) : (
          <Table aria-label="Signatures" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Signature</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>
                    <svg viewBox="0 0 660 300" width={132} height={60} role="img" aria-label={`Signature of ${s.name}`}>
                      <path d={s.signature} fill="none" stroke="black" strokeWidth={3} />
                    </svg>
                  </Table.Td>
                  <Table.Td>{clockDateTime(s.time)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      mih={44}
                      disabled={readOnly}
                      aria-label={`Change signature of ${s.name}`}
                      onClick={() => {
                        setSaveFailed(false);
                        setChanging(s);
                        setSaved(null);
                        setPadOpen(true);
                      }}
                    >
                      Change
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {saveFailed && (
          <Alert color="orange" role="alert">
            The signature was added to the case, but it could not be saved for future use.
          </Alert>
        )}
        <Group align="flex-end">
          <LightTextInput
            label="Signer name"
            value={name}
            disabled={readOnly}
            onChange={(e) => setSigner(e.currentTarget.value)}
          />
          <Button mih={44} disabled={readOnly || name.trim() === ''} onClick={openPad}>
            Add Signature
          </Button>
        </Group>
        {padOpen && (
          <SignaturePad
            opened
            initialPath={changing ? changing.signature : saved}
            offerSave={fullyAuthenticated}
            defaultSave={fullyAuthenticated && saved == null}
            onClose={() => {
              setPadOpen(false);
              setChanging(null);
            }}
            onSign={(path, save) => {
              setPadOpen(false);
              if (changing) {
                list.replaceWhere((x) => x.id === changing.id, { ...changing, signature: path, time: now() });
                setChanging(null);
              } else {
                list.add({ id: newId('sig'), name: name.trim(), signature: path, time: now() });
              }
              if (save && fullyAuthenticated) saveSignature(path).catch(() => setSaveFailed(true));
            }}
          />
        )}
      </Stack>
    </SectionFrame>
  );
}
