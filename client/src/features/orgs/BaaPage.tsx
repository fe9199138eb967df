import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import {
  BAA_DOCUMENT,
  contractStillMissing,
  fillPlaceholders,
  hasRole,
  ORG_TEXTS,
  renderContractHtml,
  signatureSvg,
  type BaaFieldName,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import { errorCode } from '../../session/errors.js';
import { SignaturePad } from '../../ui/SignaturePad.js';
import { SignatureImage } from '../../ui/SignatureImage.js';
import type { Baa, BaaSignature } from './api.js';
import * as api from './api.js';
import { useBaa } from './hooks.js';
import { subjectOf } from '../../session/sessionOrgs.js';

/** The agreement's text: the document's own markup with the form values escaped (shared renderContractHtml). */
function ContractText({ html }: { html: string }): ReactNode {
  return (
    <Card withBorder padding="md" mah={480} style={{ overflowY: 'auto' }} tabIndex={0} aria-label="Agreement text">
      <Typography>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </Card>
  );
}

function signedWhen(time: string): string {
  return new Date(time).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

/** A signed agreement: who signed, when, the signature and the text as signed (spec 001 §3). */
function SignedAgreement({ baa }: { baa: Baa }): ReactNode {
  const signer: BaaSignature | null = baa.coveredEntity ?? null;
  return (
    <Stack gap="md">
      <Alert color="green" title="Signed">
        {signer
          ? `${fillPlaceholders(BAA_DOCUMENT.signedText, { name: signer.name, companyName: signer.companyName })} ${signedWhen(signer.time)}.`
          : 'This agreement is signed.'}
      </Alert>
      <ContractText html={baa.html ?? ''} />
      {signer?.signatureSvg && (
        <Stack gap={4}>
          <Text fw={600}>Covered Entity signature</Text>
          <SignatureImage svg={signer.signatureSvg} label={`Signature of ${signer.name}`} />
          <Text size="sm" c="dimmed">
            {signer.name}, {signer.companyName}, {signedWhen(signer.time)}
          </Text>
        </Stack>
      )}
      <Stack gap={4}>
        <Text fw={600}>Vigil signature</Text>
        {baa.company ? (
          <>
            {baa.company.signatureSvg && (
              <SignatureImage svg={baa.company.signatureSvg} label={`Signature of ${baa.company.name}`} />
            )}
            <Text size="sm" c="dimmed">
              {baa.company.name}, {baa.company.companyName}, {signedWhen(baa.company.time)}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not countersigned by Vigil yet.
          </Text>
        )}
      </Stack>
      <Text size="sm" c="dimmed">
        {BAA_DOCUMENT.postText}
      </Text>
    </Stack>
  );
}

/** The unsigned agreement with its form (spec 000 §5: fields, acceptance box, signature; 'Still Missing:'). */
function SigningForm({ orgId, onSigned }: { orgId: string; onSigned: (baa: Baa) => void }): ReactNode {
  const [values, setValues] = useState<Record<BaaFieldName, string>>({ companyName: '', name: '', title: '' });
  const [accepted, setAccepted] = useState(false);
  const [signaturePath, setSignaturePath] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);
  const [state, setState] = useState<'ready' | 'submitting'>('ready');
  const [error, setError] = useState<string | null>(null);
  const missing = contractStillMissing(BAA_DOCUMENT, values, accepted, signaturePath);

  const submit = async (): Promise<void> => {
    if (missing.length > 0 || !signaturePath) return;
    setState('submitting');
    setError(null);
    try {
      onSigned(
        await api.signBaa(orgId, {
          version: BAA_DOCUMENT.version,
          fields: { companyName: values.companyName.trim(), name: values.name.trim(), title: values.title.trim() },
          accepted,
          signaturePath,
        }),
      );
    } catch (err) {
      const code = errorCode(err);
      setError(
        code === 'CONTRACT_VERSION_CHANGED'
          ? 'This agreement has changed since the page was loaded. Please refresh the page.'
          : code === 'ALREADY_SIGNED'
            ? 'This agreement has already been signed. Please refresh the page.'
            : ORG_TEXTS.orgDetailsDefaultError,
      );
      setState('ready');
    }
  };

  return (
    <Stack gap="md">
      <Text>{BAA_DOCUMENT.preamble}</Text>
      <ContractText html={renderContractHtml(BAA_DOCUMENT.html, values)} />
      <Card withBorder padding="md" component="section" aria-labelledby="baa-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="baa-form">
            {BAA_DOCUMENT.form.pre}
          </Title>
          {BAA_DOCUMENT.form.fields.map((f) => (
            <TextInput
              key={f.name}
              label={f.label}
              required
              value={values[f.name as BaaFieldName]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.name]: value }));
              }}
              styles={{ input: { minHeight: 44 } }}
            />
          ))}
          <Checkbox
            label={BAA_DOCUMENT.checkboxText}
            checked={accepted}
            onChange={(e) => setAccepted(e.currentTarget.checked)}
            size="md"
          />
          <Stack gap={4}>
            <Text fw={600}>Signature</Text>
            {signaturePath ? (
              <SignatureImage svg={signatureSvg(signaturePath)} label="Your signature" />
            ) : (
              <Text size="sm" c="dimmed">
                Not signed yet.
              </Text>
            )}
            <Group>
              <Button variant="default" mih={44} onClick={() => setPadOpen(true)}>
                {signaturePath ? 'Sign again' : 'Sign'}
              </Button>
            </Group>
          </Stack>
          {missing.length > 0 && (
            <Box aria-live="polite">
              <Text fw={600}>{ORG_TEXTS.stillMissing}</Text>
              <List size="sm">
                {missing.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Box>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button
              mih={44}
              disabled={missing.length > 0}
              loading={state === 'submitting'}
              onClick={() => void submit()}
            >
              Sign Agreement
            </Button>
          </Group>
        </Stack>
      </Card>
      <Text size="sm" c="dimmed">
        {BAA_DOCUMENT.postText}
      </Text>
      <SignaturePad
        opened={padOpen}
        onClose={() => setPadOpen(false)}
        onSign={(path) => {
          setSignaturePath(path);
          setPadOpen(false);
        }}
      />
    </Stack>
  );
}

/**
 * `/org/{orgId}/baa`: the Business Associate Agreement (spec 001 §3 Contract; spec 000 §4 contract
 * states loading, error, ready, submitting; §5 'Still Missing:' and `{{name}}` placeholders; §8
 * load error). Members read it; the organisation's own admins sign it.
 */
export function BaaPage(): ReactNode {
  const { orgId = '' } = useParams();
  const { session } = useSession();
  const baa = useBaa(orgId);
  const mayBeSigner = hasRole(subjectOf(session, true), orgId, 'admin');
  let body: ReactNode;
  if (baa.loading) body = <Loader aria-label="Loading" />;
  else if (!baa.data)
    body = (
      <Alert color="red" role="alert">
        {ORG_TEXTS.contractLoadError}
      </Alert>
    );
  else if (baa.data.signed) body = <SignedAgreement baa={baa.data} />;
  else if (!mayBeSigner)
    body = (
      <Stack gap="md">
        <Alert color="gray" title={`Not signed yet ${ORG_TEXTS.requiresAdmin}`}>
          An admin of this organization signs the Business Associate Agreement for it.
        </Alert>
        <ContractText html={renderContractHtml(BAA_DOCUMENT.html, {})} />
      </Stack>
    );
  else body = <SigningForm orgId={orgId} onSigned={baa.set} />;
  return <Page title="Business Associate Agreement">{body}</Page>;
}
