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
import { useMemo, useState, type ComponentProps, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Link } from 'react-router';
import {
  ADDENDUM_LIMITS,
  AnesthesiaReport,
  contentHash,
  EDITING_WINDOW_CLOSED,
  decideFinalSigner,
  FINAL_SIGNER_CODES,
  practitionerDisplayName,
  practitionerUserId,
  validateAddendums,
  type FinalSignerDecision,
  type Practitioner,
  refusalText,
} from '@vigil/shared';
import { RequestError } from '../../data/graphql.js';
import { useOrgFeatures } from '../../data/orgSettings.js';
import { SignaturePad } from '../../ui/SignaturePad.js';
import type { CaseSectionProps } from '../cases/index.js';
import { useMayAdminister } from '../../data/orgAccess.js';
import {
  addAddendum,
  fetchPdfUrl,
  finalizeCase,
  FINALIZE_STEP_MESSAGES,
  openPdf,
  SignoffBlockedError,
  type BlockingFlag,
  type FinalizeLine,
  type SignoffOverrideInput,
} from './api.js';
import { SignoffOverrideStep } from './SignoffOverrideStep.js';
import { ReopenCaseButton } from './ReopenCase.js';
import { SharePdfModal, sharePdfHref } from './SharePdfModal.js';
import { useCaseAppointment } from '../cases/index.js';
import { readCase, useCaseJson, useCaseValue, type CaseDoc } from '../../case/index.js';
import { previewInput } from './useReportInputs.js';
import { useSignedReport, type SignedReport } from './useSignedReport.js';
import { useSession } from '../../session/SessionProvider.js';
import { clockDateTime } from '../../ui/format.js';

/** What a refusal before the stream means to the signer (the final-signer codes say what the rule found). */
export function finalizeRefusalText(code: string): string {
  return refusalText(code, {
    [FINAL_SIGNER_CODES.caseNotStarted]: 'This case was never started. Record the case start before signing.',
    [FINAL_SIGNER_CODES.signerNotProvider]: 'Only a provider can sign and finalize a case.',
    [FINAL_SIGNER_CODES.noPrimaryProvider]:
      'This organization requires the primary provider to sign, and the case has none. Choose a provider for the appointment.',
    [FINAL_SIGNER_CODES.primaryProviderNotProvider]:
      'The primary provider does not hold the provider role and cannot sign. Choose a provider for the appointment.',
    [FINAL_SIGNER_CODES.signerNotPrimaryProvider]:
      'This organization requires the primary provider to sign: only they can sign this case.',
    CONFLICT: 'This device has changes the server has not saved yet. Wait until the case shows saved, then sign again.',
    FINALIZED: 'This case is already finalized.',
    [EDITING_WINDOW_CLOSED]:
      'The provider editing window of 24 hours has closed: this case can no longer be signed and finalized.',
    NOT_AUTHORIZED: 'Only a provider of this organization can sign the report.',
    NETWORK_ERROR: 'The server cannot be reached. Finalizing needs a connection; try again when online.',
    SIGNOFF_BLOCKED: 'Sign-off flags block finalizing: fix them in the case or give a reason to override each.',
    INVALID_OVERRIDE: 'Each override needs a reason of 1 to 500 characters.',
    default: FINALIZE_STEP_MESSAGES.failed,
  });
}

interface ReportFlags {
  mustBePrimary: boolean;
  adminUnfinalize: boolean;
  /** The organisation's default units (spec 000 §3 defaultWeightUnit / defaultHeightUnit; lb and in when unset). */
  weightUnit: 'kg' | 'lb';
  heightUnit: 'cm' | 'in';
}

/** The report flags of the organisation (spec 000 §3): primaryProviderMustBeFinalSignerName, adminUnfinalize, units. */
function useReportFlags(orgId: string): ReportFlags {
  const { data } = useOrgFeatures(orgId);
  return useMemo(() => {
    const features = data ?? [];
    const on = (name: string): boolean => features.some((f) => f.name === name && f.value);
    const value = (name: string): string | null => features.find((f) => f.name === name)?.stringValue ?? null;
    return {
      mustBePrimary: on('primaryProviderMustBeFinalSignerName'),
      adminUnfinalize: on('adminUnfinalize'),
      weightUnit: value('defaultWeightUnit') === 'kg' ? 'kg' : 'lb',
      heightUnit: value('defaultHeightUnit') === 'cm' ? 'cm' : 'in',
    };
  }, [data]);
}

/**
 * Who will sign (FS1–FS4, shared/src/rules/final-signer.ts, the rule the server applies): the
 * signed-in user, who must be a provider; with primaryProviderMustBeFinalSignerName only the
 * case's primary provider. The primary provider's own role is the server's to check.
 */
export function signerDecision(q: {
  caseData: Record<string, unknown>;
  primaryProvider: Practitioner | null | undefined;
  mustBePrimary: boolean;
  user: { id: string; name: string } | null;
  userIsProvider: boolean;
}): FinalSignerDecision {
  const p = q.primaryProvider ?? null;
  return decideFinalSigner({
    caseData: q.caseData,
    primaryProvider: p
      ? { name: practitionerDisplayName(p) || null, userId: practitionerUserId(p), isProvider: true }
      : null,
    primaryProviderMustBeFinalSigner: q.mustBePrimary,
    signer: { userId: q.user?.id ?? '', name: q.user?.name.trim() || 'You', isProvider: q.userIsProvider },
  });
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

interface AddedAddendum {
  title: string | null;
  text: string;
  signerName: string;
  signatureTime: number;
}

/**
 * The addenda the Report section lists: the server's list (after a reload, on any device) and
 * any signed on this screen it has not answered with yet; without the server's list (offline),
 * those signed here.
 */
export function listedAddenda(
  fromServer: readonly AddedAddendum[] | null,
  addedHere: readonly AddedAddendum[],
): AddedAddendum[] {
  if (fromServer === null) return [...addedHere];
  const known = new Set(fromServer.map((a) => a.signatureTime));
  return [...fromServer, ...addedHere.filter((a) => !known.has(a.signatureTime))];
}

/** One addendum's line: its title (when it has one), who signed it and when, in the app's one time format. */
export function addendumHeading(a: Pick<AddedAddendum, 'title' | 'signerName' | 'signatureTime'>): string {
  const signed = `signed by ${a.signerName} on ${clockDateTime(a.signatureTime)}`;
  return a.title ? `${a.title}, ${signed}` : `Signed by ${a.signerName} on ${clockDateTime(a.signatureTime)}`;
}

function AddendumForm({
  orgId,
  caseId,
  onAdded,
}: {
  orgId: string;
  caseId: string;
  onAdded: (added: AddedAddendum, pdfId: string) => void;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [signerName, setSignerName] = useState('');
  const [padOpen, setPadOpen] = useState(false);
  const [state, setState] = useState<string>('idle');
  const draft = { title, text, signerName, signature: 'M 0 0' };
  const complete = validateAddendums([draft]).length === 0;
  if (!open)
    return (
      <Group gap="sm">
        <Button variant="default" mih={44} onClick={() => setOpen(true)}>
          Add addendum
        </Button>
        {state === 'saved' && (
          <Text size="sm" c="green" role="status">
            Addendum signed. The report PDF now includes it.
          </Text>
        )}
      </Group>
    );
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
        <Button variant="subtle" mih={44} disabled={state === 'saving'} onClick={() => setOpen(false)}>
          Cancel
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
              (res) => {
                setState('saved');
                setOpen(false);
                onAdded(
                  {
                    title: title.trim() || null,
                    text,
                    signerName: signerName.trim(),
                    signatureTime: res.signatureTime,
                  },
                  res.pdfId,
                );
                setTitle('');
                setText('');
              },
              (err: unknown) => setState(err instanceof RequestError ? err.code : 'failed'),
            );
          }}
        />
      )}
    </Stack>
  );
}

/** How many addenda the signed PDF holds, as the Report section says it. */
export function addendaText(count: number | null, addedHere: number): string {
  const n = count ?? (addedHere > 0 ? addedHere : null);
  if (n === null) return 'Signed addenda are printed as the last pages of the PDF.';
  if (n === 0) return 'No addenda yet.';
  return `${n} ${n === 1 ? 'addendum is' : 'addenda are'} signed and printed as the last pages of the PDF.`;
}

/** The case values the final-signer rule reads (FS1–FS4). */
function useSignerCaseData(doc: CaseSectionProps['doc']): Record<string, unknown> {
  const [userRole] = useCaseValue<unknown>(doc, 'userRole');
  const [surgeonName] = useCaseValue<unknown>(doc, 'surgeonName');
  const [sedationProviderName] = useCaseValue<unknown>(doc, 'sedationProviderName');
  const [events] = useCaseValue<unknown>(doc, 'events');
  const [vitalsTrackingEnabled] = useCaseValue<unknown>(doc, 'vitalsTrackingEnabled');
  return { userRole, surgeonName, sedationProviderName, events, vitalsTrackingEnabled };
}

interface FinalizedReportProps {
  orgId: string;
  caseId: string;
  signed: SignedReport;
  pdfId: string;
  /** An administrator of an organisation with adminUnfinalize may reopen the case. */
  mayReopen: boolean;
  onReopened: () => void;
}

/** A finalized case: who signed and when, the PDF, sharing it and (for an administrator) reopening. */
function FinalizedReport({ orgId, caseId, signed, pdfId, mayReopen, onReopened }: FinalizedReportProps): ReactNode {
  return (
    <Alert color="green" title="Report finalized">
      <Stack gap="xs">
        <Text size="sm">The signed report is stored as a PDF. The case is read-only; add an addendum to amend it.</Text>
        {(signed.signerName !== null || signed.signatureTime !== null) && (
          <Text size="sm" data-testid="report-signed-by">
            Signed{signed.signerName !== null ? ` by ${signed.signerName}` : ''}
            {signed.signatureTime !== null ? ` on ${clockDateTime(signed.signatureTime)}` : ''}
          </Text>
        )}
        <Group gap="sm">
          <PdfButton orgId={orgId} pdfId={pdfId} />
          <Button component={Link} to={sharePdfHref(orgId, pdfId)} variant="default" mih={44}>
            Share
          </Button>
          {mayReopen && <ReopenCaseButton orgId={orgId} caseId={caseId} onReopened={onReopened} />}
        </Group>
      </Stack>
    </Alert>
  );
}

interface SignPanelProps {
  signer: string | null;
  decision: FinalSignerDecision;
  readOnly: boolean;
  disabled: boolean;
  /** A finalize is under way. */
  running: boolean;
  onSign: () => void;
}

/** A case not finalized yet: its final signer (or why nobody can sign) and "Sign and Finalize". */
function SignPanel({ signer, decision, readOnly, disabled, running, onSign }: SignPanelProps): ReactNode {
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="report-final-signer">
        Final signer: <b>{signer ?? 'nobody can sign yet'}</b>
      </Text>
      {!decision.ok && (
        <Alert color="orange" role="alert" data-testid="final-signer-issue">
          {decision.issue.message}
        </Alert>
      )}
      <Group>
        <Button mih={44} disabled={disabled} onClick={onSign}>
          Sign and Finalize
        </Button>
        {readOnly && !running && (
          <Text size="sm" c="dimmed">
            The case cannot be signed while it is read-only.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

interface AddendaPanelProps {
  orgId: string;
  caseId: string;
  /** How many addenda the PDF holds, in words (addendaText). */
  text: string;
  addenda: readonly AddedAddendum[];
  onAdded: (added: AddedAddendum, pdfId: string) => void;
}

/** A finalized case's addenda, listed, and the form to sign another. */
function AddendaPanel({ orgId, caseId, text, addenda, onAdded }: AddendaPanelProps): ReactNode {
  return (
    <Stack gap="xs" aria-label="Addenda" role="group">
      <Title order={3} size="h5">
        Addenda
      </Title>
      <Text size="sm" data-testid="addenda-count">
        {text}
      </Text>
      {addenda.length > 0 && (
        <List size="sm" spacing={6} data-testid="addenda-list">
          {addenda.map((a) => (
            <List.Item key={a.signatureTime}>
              <Text size="sm" fw={500}>
                {addendumHeading(a)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {a.text}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <AddendumForm orgId={orgId} caseId={caseId} onAdded={onAdded} />
    </Stack>
  );
}

interface ReportPreviewProps {
  open: boolean;
  onToggle: () => void;
  input: ComponentProps<typeof AnesthesiaReport>['input'];
  signerName: string | null;
}

/** "Show report preview": the report as the server prints it, laid out at its print width and scaled to fit. */
function ReportPreview({ open, onToggle, input, signerName }: ReportPreviewProps): ReactNode {
  const { ref, width } = useElementSize();
  const zoom = width > 0 ? Math.min(1, width / input.printWidth) : 1;
  return (
    <>
      <Group>
        <Button variant="default" mih={44} aria-expanded={open} aria-controls="case-report-preview" onClick={onToggle}>
          {open ? 'Hide report preview' : 'Show report preview'}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Box
          id="case-report-preview"
          ref={ref}
          style={{ overflowX: 'auto', background: 'var(--mantine-color-gray-2)', padding: 12 }}
          aria-label="Report preview"
          role="region"
        >
          {/* The report is laid out at its print width and scaled down to fit the screen. */}
          <div style={{ zoom }}>{open && <AnesthesiaReport input={input} signerName={signerName} preview />}</div>
        </Box>
      </Collapse>
    </>
  );
}

/**
 * Signing and finalizing (spec 001 §8): the progress lines as the server streams them, a refusal,
 * and (issue 29) after a SIGNOFF_BLOCKED refusal the drawn signature and the blocking flags, so
 * the signer can fix or override them and sign again without drawing again.
 */
function useFinalize(
  orgId: string,
  caseId: string,
  onDone: (pdfId: string) => void,
): {
  progress: Progress;
  setProgress: Dispatch<SetStateAction<Progress>>;
  blockedBy: { path: string; flags: BlockingFlag[] } | null;
  setBlockedBy: (blocked: null) => void;
  finalize: (doc: CaseDoc, path: string, overrides: SignoffOverrideInput[]) => void;
} {
  const [progress, setProgress] = useState<Progress>({ lines: [], running: false, refusal: null });
  const [blockedBy, setBlockedBy] = useState<{ path: string; flags: BlockingFlag[] } | null>(null);
  const finalize = (doc: CaseDoc, path: string, overrides: SignoffOverrideInput[]): void => {
    const hash = contentHash(readCase(doc));
    setProgress({ lines: [], running: true, refusal: null });
    finalizeCase(
      orgId,
      caseId,
      {
        signature: path,
        contentHash: hash,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(overrides.length > 0 ? { overrides } : {}),
      },
      (line) => {
        setProgress((p) => ({ ...p, lines: [...p.lines, line] }));
        if (line.step === 'done' && line.data?.pdfId) {
          setBlockedBy(null);
          onDone(line.data.pdfId);
        }
      },
    ).then(
      () => setProgress((p) => ({ ...p, running: false })),
      (err: unknown) => {
        if (err instanceof SignoffBlockedError) setBlockedBy({ path, flags: err.flags });
        setProgress((p) => ({
          ...p,
          running: false,
          // The override step says it for a sign-off refusal (and takes the focus).
          refusal:
            err instanceof SignoffBlockedError
              ? null
              : finalizeRefusalText(err instanceof RequestError ? err.code : 'failed'),
        }));
      },
    );
  };
  return { progress, setProgress, blockedBy, setBlockedBy, finalize };
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
  const signerCaseData = useSignerCaseData(doc);
  const resources = useCaseAppointment(orgId, caseId);
  const flags = useReportFlags(orgId);
  const { mustBePrimary, adminUnfinalize } = flags;
  const mayAdminister = useMayAdminister(orgId);
  const { user, session } = useSession();
  const [padOpen, setPadOpen] = useState(false);
  const [donePdfId, setDonePdfId] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [added, setAdded] = useState<AddedAddendum[]>([]);
  const { progress, setProgress, blockedBy, setBlockedBy, finalize } = useFinalize(orgId, caseId, (pdfId) => {
    setDonePdfId(pdfId);
    resources.refresh();
    setRound((n) => n + 1);
  });
  const [reasons, setReasons] = useState<Record<string, string>>({});

  const input = {
    ...previewInput(caseId, caseData, resources, context.tempsInCelsius, Date.now()),
    weightUnit: flags.weightUnit,
    heightUnit: flags.heightUnit,
  };
  const decision = signerDecision({
    caseData: signerCaseData,
    primaryProvider: resources.primaryProvider,
    mustBePrimary,
    user,
    userIsProvider: session?.orgs.regular.some((o) => o.id === orgId && o.roles.includes('provider')) ?? false,
  });
  const signer = decision.ok ? decision.signerName : null;
  // Refusals the screen can be sure of; whether the case started is the server's to say (a case
  // charted without vitals tracking starts at its first charted time).
  const blocked = !decision.ok && decision.issue.code !== FINAL_SIGNER_CODES.caseNotStarted;
  const signed = useSignedReport(orgId, caseId, resources.appointment, donePdfId, round);
  const pdfId = signed?.pdfId ?? null;
  const addenda = listedAddenda(signed?.addenda ?? null, added);

  const sign = (path: string, overrides: SignoffOverrideInput[] = []): void => {
    setPadOpen(false);
    if (doc) finalize(doc, path, overrides);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="case-report-title" id="case-report">
      <Stack gap="sm">
        <Title order={2} size="h3" id="case-report-title">
          Report
        </Title>
        {signed && pdfId ? (
          <FinalizedReport
            orgId={orgId}
            caseId={caseId}
            signed={signed}
            pdfId={pdfId}
            mayReopen={mayAdminister && adminUnfinalize}
            onReopened={() => {
              setDonePdfId(null);
              setAdded([]);
              setProgress({ lines: [], running: false, refusal: null });
              resources.refresh();
              // The case document reconnects and leaves its read-only state.
              window.location.reload();
            }}
          />
        ) : (
          <SignPanel
            signer={signer}
            decision={decision}
            readOnly={readOnly}
            disabled={readOnly || !doc || progress.running || blocked}
            running={progress.running}
            onSign={() => setPadOpen(true)}
          />
        )}
        <FinalizeProgress progress={progress} />
        {blockedBy && !signed && (
          <SignoffOverrideStep
            flags={blockedBy.flags}
            reasons={reasons}
            running={progress.running}
            onReason={(key, reason) => setReasons((r) => ({ ...r, [key]: reason }))}
            onSign={(overrides) => sign(blockedBy.path, overrides)}
            onCancel={() => setBlockedBy(null)}
          />
        )}
        {signed && (
          <AddendaPanel
            orgId={orgId}
            caseId={caseId}
            text={addendaText(signed.addenda ? addenda.length : signed.addendaCount, added.length)}
            addenda={addenda}
            onAdded={(a, newPdfId) => {
              setAdded((list) => [...list, a]);
              setDonePdfId(newPdfId);
              resources.refresh();
              setRound((n) => n + 1);
            }}
          />
        )}
        <ReportPreview
          open={previewOpen}
          onToggle={() => setPreviewOpen((o) => !o)}
          input={input}
          signerName={signer}
        />
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
