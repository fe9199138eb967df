import {
  Alert,
  Box,
  Button,
  Collapse,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ADDENDUM_LIMITS,
  AnesthesiaReport,
  CASE_ROOT,
  contentHash,
  finalSignerName,
  validateAddendums,
} from '@vigil/shared';
import { RequestError } from '../../data/graphql.js';
import { fetchFeatures } from '../orgs/api.js';
import { SignaturePad } from '../profile/SignaturePad.js';
import type { CaseSectionProps } from '../cases/sections/types.js';
import { unfinalizeCase } from './api.js';
import { useMayAdminister } from '../orgs/hooks.js';
import { addAddendum, fetchPdfUrl, finalizeCase, FINALIZE_STEP_MESSAGES, openPdf, type FinalizeLine } from './api.js';
import { SharePdfModal, sharePdfHref } from './SharePdfModal.js';
import { useCaseAppointment } from '../cases/header/useCaseAppointment.js';
import { useCaseValue } from '../cases/useCaseData.js';
import { appointmentPdfId, previewInput, useCaseJson } from './useReportInputs.js';

/** What a refusal before the stream means to the signer. */
export function finalizeRefusalText(code: string): string {
  switch (code) {
    case 'CONFLICT':
      return 'This device has changes the server has not saved yet. Wait until the case shows saved, then sign again.';
    case 'FINALIZED':
      return 'This case is already finalized.';
    case 'NOT_AUTHORIZED':
      return 'Only a provider of this organization can sign the report.';
    case 'NETWORK_ERROR':
      return 'The server cannot be reached. Finalizing needs a connection; try again when online.';
    default:
      return FINALIZE_STEP_MESSAGES.failed;
  }
}

/** The report flags of the organisation (spec 000 §3): primaryProviderMustBeFinalSignerName, adminUnfinalize. */
function useReportFlags(orgId: string): { mustBePrimary: boolean; adminUnfinalize: boolean } {
  const [flags, setFlags] = useState({ mustBePrimary: false, adminUnfinalize: false });
  useEffect(() => {
    let live = true;
    fetchFeatures(orgId).then(
      (features) => {
        const on = (name: string): boolean => features.some((f) => f.name === name && f.value);
        if (live)
          setFlags({
            mustBePrimary: on('primaryProviderMustBeFinalSignerName'),
            adminUnfinalize: on('adminUnfinalize'),
          });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId]);
  return flags;
}

function ReopenButton({
  orgId,
  caseId,
  onReopened,
}: {
  orgId: string;
  caseId: string;
  onReopened: () => void;
}): ReactNode {
  const [state, setState] = useState<'idle' | 'confirm' | 'working' | 'failed'>('idle');
  if (state === 'idle')
    return (
      <Button variant="default" color="red" mih={44} onClick={() => setState('confirm')}>
        Unfinalize
      </Button>
    );
  return (
    <Group gap="xs">
      <Text size="sm">Reopen this case for editing? The signed PDF stays on record.</Text>
      <Button
        color="red"
        mih={44}
        loading={state === 'working'}
        onClick={() => {
          setState('working');
          unfinalizeCase(orgId, caseId).then(onReopened, () => setState('failed'));
        }}
      >
        Reopen case
      </Button>
      <Button variant="default" mih={44} onClick={() => setState('idle')}>
        Cancel
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          The case could not be reopened.
        </Text>
      )}
    </Group>
  );
}

function PdfButton({ orgId, pdfId, label = 'Open PDF' }: { orgId: string; pdfId: string; label?: string }): ReactNode {
  const [failed, setFailed] = useState(false);
  return (
    <Group gap="xs">
      <Button
        mih={44}
        onClick={() => {
          setFailed(false);
          // Opened now, inside the click, so the browser does not block it; pointed at the link once it comes.
          const tab = window.open('about:blank', '_blank');
          openPdfIn(orgId, pdfId, tab).catch(() => {
            tab?.close();
            setFailed(true);
          });
        }}
      >
        {label}
      </Button>
      {failed && (
        <Text size="sm" c="red" role="alert">
          The PDF could not be opened. Try again.
        </Text>
      )}
    </Group>
  );
}

async function openPdfIn(orgId: string, pdfId: string, tab: Window | null): Promise<void> {
  if (!tab) return openPdf(orgId, pdfId);
  const share = await fetchPdfUrl(orgId, pdfId);
  tab.opener = null;
  tab.location.href = share.url;
}

type Progress = { lines: FinalizeLine[]; running: boolean; refusal: string | null };

function FinalizeProgress({ progress }: { progress: Progress }): ReactNode {
  if (progress.lines.length === 0 && !progress.running && !progress.refusal) return null;
  const last = progress.lines.at(-1);
  return (
    <Stack gap={4} role="status" aria-live="polite" data-testid="finalize-progress">
      <List spacing={4} size="sm" center>
        {progress.lines.map((line, i) => {
          const current = i === progress.lines.length - 1 && progress.running;
          const failed = line.step === 'failed' || line.step === 'emrSaveFailed';
          return (
            <List.Item
              key={`${line.step}-${i}`}
              data-step={line.step}
              icon={
                current ? (
                  <Loader size={16} aria-hidden />
                ) : (
                  <ThemeIcon size={18} radius="xl" color={failed ? 'red' : 'green'} aria-hidden>
                    {failed ? '!' : '✓'}
                  </ThemeIcon>
                )
              }
            >
              {FINALIZE_STEP_MESSAGES[line.step]}
              {current ? '…' : ''}
            </List.Item>
          );
        })}
        {progress.running && !last && <List.Item icon={<Loader size={16} aria-hidden />}>Starting…</List.Item>}
      </List>
      {progress.refusal && (
        <Alert color="orange" role="alert">
          {progress.refusal}
        </Alert>
      )}
    </Stack>
  );
}

function AddendumForm({ orgId, caseId, onAdded }: { orgId: string; caseId: string; onAdded: () => void }): ReactNode {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [signerName, setSignerName] = useState('');
  const [padOpen, setPadOpen] = useState(false);
  const [state, setState] = useState<string>('idle');
  const draft = { title, text, signerName, signature: 'M 0 0' };
  const complete = validateAddendums([draft]).length === 0;
  return (
    <Stack gap="xs" component="form" aria-label="Addendum" onSubmit={(e) => e.preventDefault()}>
      <Title order={3} size="h5">
        Add an addendum
      </Title>
      <TextInput
        label="Addendum title"
        value={title}
        maxLength={ADDENDUM_LIMITS.title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        required
      />
      <Textarea
        label="Addendum text"
        value={text}
        autosize
        minRows={3}
        maxLength={ADDENDUM_LIMITS.text}
        description={`${text.length} / ${ADDENDUM_LIMITS.text}`}
        onChange={(e) => setText(e.currentTarget.value)}
        required
      />
      <TextInput
        label="Signer name"
        value={signerName}
        maxLength={ADDENDUM_LIMITS.signerName}
        onChange={(e) => setSignerName(e.currentTarget.value)}
        required
      />
      <Group>
        <Button mih={44} disabled={!complete || state === 'saving'} onClick={() => setPadOpen(true)}>
          Sign Addendum
        </Button>
        {state === 'saving' && <Loader size="sm" aria-label="Saving addendum" />}
        {state === 'saved' && (
          <Text size="sm" c="green" role="status">
            Addendum signed. The report PDF now includes it.
          </Text>
        )}
        {state !== 'idle' && state !== 'saving' && state !== 'saved' && (
          <Text size="sm" c="red" role="alert">
            {state === 'INVALID_ADDENDUM' ? 'The addendum is incomplete or too long.' : FINALIZE_STEP_MESSAGES.failed}
          </Text>
        )}
      </Group>
      {padOpen && (
        <SignaturePad
          opened
          confirmLabel="Sign Addendum"
          onClose={() => setPadOpen(false)}
          onSign={(path) => {
            setPadOpen(false);
            setState('saving');
            addAddendum(orgId, caseId, { title, text, signerName, signature: path }).then(
              () => {
                setState('saved');
                setTitle('');
                setText('');
                onAdded();
              },
              (err: unknown) => setState(err instanceof RequestError ? err.code : 'failed'),
            );
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The end of the case screen (issue 9): the report preview (the same shared components the
 * server prints), the final signer per spec 001 §6, signing and the finalize progress display
 * with the step messages of spec 001 §8, then the PDF and addenda.
 */
export function FinalizeSection({ doc, readOnly, context }: CaseSectionProps): ReactNode {
  const { orgId, caseId } = context;
  const [previewOpen, setPreviewOpen] = useState(false);
  // The whole case is read only while the preview shows it: converting a 4-hour case to JSON on
  // every change (a monitor reading every 5 s, each keystroke in the notes) made charting lag.
  const caseData = useCaseJson(previewOpen ? doc : undefined);
  const [userRole] = useCaseValue<unknown>(doc, 'userRole');
  const [surgeonName] = useCaseValue<unknown>(doc, 'surgeonName');
  const [sedationProviderName] = useCaseValue<unknown>(doc, 'sedationProviderName');
  const resources = useCaseAppointment(orgId, caseId);
  const { mustBePrimary, adminUnfinalize } = useReportFlags(orgId);
  const mayAdminister = useMayAdminister(orgId);
  const { ref: previewRef, width: previewWidth } = useElementSize();
  const [padOpen, setPadOpen] = useState(false);
  const [progress, setProgress] = useState<Progress>({ lines: [], running: false, refusal: null });
  const [donePdfId, setDonePdfId] = useState<string | null>(null);

  const input = previewInput(caseId, caseData, resources, context.tempsInCelsius, Date.now());
  const signer = finalSignerName(
    { userRole, surgeonName, sedationProviderName },
    input.primaryProviderName,
    mustBePrimary,
  );
  const pdfId = donePdfId ?? appointmentPdfId(resources.appointment);
  const finalized = pdfId !== null;
  const previewZoom = previewWidth > 0 ? Math.min(1, previewWidth / input.printWidth) : 1;

  const sign = (path: string): void => {
    setPadOpen(false);
    if (!doc) return;
    const hash = contentHash(doc.getMap(CASE_ROOT).toJSON());
    setProgress({ lines: [], running: true, refusal: null });
    finalizeCase(
      orgId,
      caseId,
      { signature: path, contentHash: hash, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      (line) => {
        setProgress((p) => ({ ...p, lines: [...p.lines, line] }));
        if (line.step === 'done' && line.data?.pdfId) {
          setDonePdfId(line.data.pdfId);
          resources.refresh();
        }
      },
    ).then(
      () => setProgress((p) => ({ ...p, running: false })),
      (err: unknown) =>
        setProgress((p) => ({
          ...p,
          running: false,
          refusal: finalizeRefusalText(err instanceof RequestError ? err.code : 'failed'),
        })),
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="case-report-title" id="case-report">
      <Stack gap="sm">
        <Title order={2} size="h3" id="case-report-title">
          Report
        </Title>
        {finalized ? (
          <Alert color="green" title="Report finalized">
            <Stack gap="xs">
              <Text size="sm">
                The signed report is stored as a PDF. The case is read-only; add an addendum to amend it.
              </Text>
              <Group gap="sm">
                <PdfButton orgId={orgId} pdfId={pdfId} />
                <Button component={Link} to={sharePdfHref(orgId, pdfId)} variant="default" mih={44}>
                  Share
                </Button>
                {mayAdminister && adminUnfinalize && (
                  <ReopenButton
                    orgId={orgId}
                    caseId={caseId}
                    onReopened={() => {
                      setDonePdfId(null);
                      setProgress({ lines: [], running: false, refusal: null });
                      resources.refresh();
                      // The case document reconnects and leaves its read-only state.
                      window.location.reload();
                    }}
                  />
                )}
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              Final signer: <b>{signer ?? 'No primary provider on this case'}</b>
            </Text>
            <Group>
              <Button mih={44} disabled={readOnly || !doc || progress.running} onClick={() => setPadOpen(true)}>
                Sign and Finalize
              </Button>
              {readOnly && !progress.running && (
                <Text size="sm" c="dimmed">
                  The case cannot be signed while it is read-only.
                </Text>
              )}
            </Group>
          </Stack>
        )}
        <FinalizeProgress progress={progress} />
        {finalized && <AddendumForm orgId={orgId} caseId={caseId} onAdded={resources.refresh} />}
        <Group>
          <Button
            variant="default"
            mih={44}
            aria-expanded={previewOpen}
            aria-controls="case-report-preview"
            onClick={() => setPreviewOpen((o) => !o)}
          >
            {previewOpen ? 'Hide report preview' : 'Show report preview'}
          </Button>
        </Group>
        <Collapse expanded={previewOpen}>
          <Box
            id="case-report-preview"
            ref={previewRef}
            style={{ overflowX: 'auto', background: 'var(--mantine-color-gray-2)', padding: 12 }}
            aria-label="Report preview"
            role="region"
          >
            {/* The report is laid out at its print width and scaled down to fit the screen. */}
            <div style={{ zoom: previewZoom }}>
              {previewOpen && <AnesthesiaReport input={input} signerName={signer} preview />}
            </div>
          </Box>
        </Collapse>
      </Stack>
      <SharePdfModal />
      {padOpen && (
        <SignaturePad
          opened
          confirmLabel="Sign and Finalize"
          onClose={() => setPadOpen(false)}
          onSign={(path) => sign(path)}
        />
      )}
    </Paper>
  );
}
