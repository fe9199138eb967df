import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { signatureSvg } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../session/SessionProvider.js';
import { ERROR_SUDO_CANCELLED, useSudo } from '../../session/SudoProvider.js';
import { errorCode } from '../../session/errors.js';
import { countersignBaa, type Baa } from '../orgs/index.js';
import { useBaa } from '../orgs/index.js';
import { memberErrorText } from '../orgs/index.js';
import { SignaturePad } from '../../ui/SignaturePad.js';
import { SignatureImage } from '../../ui/SignatureImage.js';

/**
 * The team app's part of an organisation's Business Associate Agreement (spec 001 §3): whether the
 * covered entity signed it, and Vigil's countersignature (the company signature), given by an
 * internal uber after a fresh identity confirmation (spec 000 §6 sudo).
 */
export function BaaCountersign({ orgId }: { orgId: string }): ReactNode {
  const baa = useBaa(orgId);
  const { user } = useSession();
  const { ensureSudo } = useSudo();
  const [name, setName] = useState(user?.name ?? '');
  const [path, setPath] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const countersign = async (): Promise<void> => {
    if (!path || name.trim() === '') return;
    setBusy(true);
    setError(null);
    const send = (): Promise<Baa> => countersignBaa(orgId, name.trim(), path);
    try {
      try {
        baa.set(await send());
      } catch (err) {
        if (errorCode(err) !== 'SUDO_REQUIRED') throw err;
        await ensureSudo();
        baa.set(await send());
      }
    } catch (err) {
      if (!(err instanceof Error && err.message === ERROR_SUDO_CANCELLED)) setError(memberErrorText(errorCode(err)));
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (baa.loading) body = <Loader aria-label="Loading" />;
  else if (!baa.data) body = <Alert color="red">{memberErrorText(baa.error ?? 'UNKNOWN')}</Alert>;
  else if (!baa.data.signed) body = <Text c="dimmed">Not signed by the organization yet.</Text>;
  else if (baa.data.company)
    body = (
      <Text>
        Signed by {baa.data.coveredEntity?.name} for {baa.data.coveredEntity?.companyName}; countersigned by{' '}
        {baa.data.company.name} for {baa.data.company.companyName}.
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Text>
          Signed by {baa.data.coveredEntity?.name} for {baa.data.coveredEntity?.companyName}. Vigil has not
          countersigned it yet.
        </Text>
        <TextInput
          label="Vigil signatory"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          styles={{ input: { minHeight: 44 } }}
          maw={420}
        />
        {path && <SignatureImage svg={signatureSvg(path)} label="Vigil signature" />}
        <Group>
          <Button variant="default" mih={44} onClick={() => setPadOpen(true)}>
            {path ? 'Sign again' : 'Sign'}
          </Button>
          <Button mih={44} disabled={!path || name.trim() === ''} loading={busy} onClick={() => void countersign()}>
            Countersign
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SignaturePad
          opened={padOpen}
          onClose={() => setPadOpen(false)}
          onSign={(p) => {
            setPath(p);
            setPadOpen(false);
          }}
        />
      </Stack>
    );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="team-baa">
      <Title order={2} size="h4" id="team-baa" mb="sm">
        Business Associate Agreement
      </Title>
      {body}
    </Card>
  );
}
