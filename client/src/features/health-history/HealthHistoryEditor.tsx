import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REFUSAL_REASONS, type HealthHistoryData, type HealthHistoryTab, type SectionStatus } from '@vigil/shared';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SyncIndicator } from '../../sync/SyncIndicator.js';
import type { LoadError, SyncedDocument, SyncedDocumentState } from '../../sync/syncedDocument.js';
import { useDocumentState } from '../../sync/useSyncedDocument.js';
import { finalizeHhx } from './api.js';
import {
  COMPLETION_CLOSE_MS,
  contentSections,
  dataLostByElsewhere,
  dataLostByVigil,
  enteredElsewhereOf,
  goToNextIncomplete,
  HHX_TEXTS,
  isEditorComplete,
  mustWaitToClose,
  saveText,
  skipAction,
  switchLayoutPatch,
  tabStatuses,
  toggledSkip,
  type EditorMode,
} from './editorModel.js';
import { isFinished } from '../../data/healthHistories.js';
import { useHealthHistoryData } from '../../case/index.js';
import { ReviewTab, STATUS_COLOURS, STATUS_LABELS } from './ReviewTab.js';
import { HHX_TAB_COMPONENTS } from './tabs/index.js';
import type { HhxContext } from './tabs/types.js';

/** Large viewports show the tabs vertically (spec 002 §2). */
const LARGE = '(min-width: 62em)';

/** A tab's value without spaces: Mantine makes element ids of it, referenced by aria-controls (an id list). */
const tabValue = (t: HealthHistoryTab): string => t.replace(/[^A-Za-z]+/g, '-');

export interface HealthHistoryEditorProps {
  /** The open document, or null while it opens. */
  document: SyncedDocument | null;
  /** Whether the history exists (the summary's fetch): 'fetching' until known, 'notFound', 'error'. */
  lookup: { state: 'fetching' | 'found' | 'notFound' | 'error'; message: string | null };
  context: HhxContext;
  healthHistoryId: string;
  onClose: () => void;
  /** Called once the history was signed or marked complete (the summary refreshes). */
  onFinalized: () => void;
}

/**
 * Closing: while saving, the editor waits for the save (spec 002 §4), then closes; completion
 * closes it after 1.5 s (spec 002 §9). Whether it is waiting for the save to close.
 */
function useClosing(
  closing: boolean,
  sync: SyncedDocumentState['sync'],
  mode: EditorMode,
  onClose: () => void,
): boolean {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (closing && !mustWaitToClose(sync)) close.current();
  }, [closing, sync]);
  useEffect(() => {
    if (mode !== 'finalized') return;
    const timer = window.setTimeout(() => close.current(), COMPLETION_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [mode]);
  return closing && mustWaitToClose(sync);
}

/**
 * Signing or marking complete, once this device's edits reached the server: the server signs the
 * content it holds and refuses writes after, so an edit still on its way would be lost (and not
 * signed). Sets the mode (finalizing, then finalized or failed); returns the call to finalize.
 */
function useFinalizeWhenSaved(
  sync: SyncedDocumentState['sync'],
  orgId: string,
  id: string,
  onFinalized: () => void,
  setMode: (mode: EditorMode) => void,
): (signature?: string) => void {
  const [finalizeRequest, setFinalizeRequest] = useState<{ signature?: string } | null>(null);
  const finalizeCall = useRef({ orgId, id, onFinalized });
  finalizeCall.current = { orgId, id, onFinalized };
  useEffect(() => {
    if (!finalizeRequest || mustWaitToClose(sync)) return;
    setFinalizeRequest(null);
    const call = finalizeCall.current;
    finalizeHhx(call.orgId, call.id, finalizeRequest.signature).then(
      () => {
        setMode('finalized');
        call.onFinalized();
      },
      () => setMode('failed'),
    );
  }, [finalizeRequest, sync, setMode]);
  return (signature) => {
    setMode('finalizing');
    setFinalizeRequest({ signature });
  };
}

/** What the editor shows instead of the tabs (waiting to close, not found, an error, loading), or null. */
function pendingBody(
  waiting: boolean,
  lookup: HealthHistoryEditorProps['lookup'],
  data: HealthHistoryData | null,
  loadError: LoadError | null,
): ReactNode {
  if (waiting) return <Status text={HHX_TEXTS.waitingForSave} />;
  if (lookup.state === 'error' && !data) {
    return (
      <Alert color="red" m="md" role="alert">
        {HHX_TEXTS.fetchError(lookup.message ?? 'unknown error')}
      </Alert>
    );
  }
  if (lookup.state === 'notFound' && !data?.schemaVersion && Object.keys(data ?? {}).length === 0) {
    return (
      <Alert color="gray" m="md" role="alert">
        {HHX_TEXTS.notFound}
      </Alert>
    );
  }
  if (data) return null;
  return loadError === 'noRemoteData' ? (
    <Alert color="red" m="md" role="alert">
      {HHX_TEXTS.fetchError('this device cannot store it and the server cannot be reached')}
    </Alert>
  ) : (
    <Status text={HHX_TEXTS.fetching} />
  );
}

interface EditorHeaderProps {
  large: boolean;
  /** The save text (saveText), or null for none. */
  saving: string | null;
  /** The Vigil / Elsewhere toggle, or null when it is not shown. */
  layout: { elsewhere: boolean; disabled: boolean; onChange: (toElsewhere: boolean) => void } | null;
  /** The document's state for the sync indicator, or null while it opens. */
  syncState: SyncedDocumentState | null;
  onClose: () => void;
}

/**
 * The title, the save text, the layout toggle and the sync indicator, and the close button. The
 * close button stays in the top corner; on a phone the layout toggle and the save status take a
 * second row under the title.
 */
function EditorHeader({ large, saving, layout, syncState, onClose }: EditorHeaderProps): ReactNode {
  const controls = (
    <Group gap="sm" wrap="wrap">
      {layout && (
        <SegmentedControl
          aria-label="Where the health history is entered"
          value={layout.elsewhere ? 'elsewhere' : 'vigil'}
          disabled={layout.disabled}
          onChange={(v) => layout.onChange(v === 'elsewhere')}
          data={[
            { value: 'vigil', label: 'Vigil' },
            { value: 'elsewhere', label: 'Elsewhere' },
          ]}
        />
      )}
      {syncState && <SyncIndicator state={syncState} noun="health history" />}
    </Group>
  );
  return (
    <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="wrap">
          <Modal.Title fz="h3" fw={700}>
            Health History
          </Modal.Title>
          {saving && (
            <Text size="sm" fw={600} c={saving === HHX_TEXTS.saved ? 'green.9' : 'blue.9'} data-testid="hhx-save-text">
              {saving}
            </Text>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {large && controls}
          <CloseButton size="xl" aria-label="Close health history" onClick={onClose} />
        </Group>
      </Group>
      {!large && controls}
    </Stack>
  );
}

type Statuses = Partial<Record<HealthHistoryTab, SectionStatus>>;

/** The tabs in order, each with its status (Review & Complete without one). */
function SectionTabList({
  tabs,
  statuses,
  large,
}: {
  tabs: HealthHistoryTab[];
  statuses: Statuses;
  large: boolean;
}): ReactNode {
  return (
    <Tabs.List
      aria-label="Health history sections"
      style={large ? { minWidth: 230 } : { flexWrap: 'nowrap', overflowX: 'auto' }}
    >
      {tabs.map((t) => {
        const s = statuses[t];
        return (
          <Tabs.Tab
            key={t}
            value={tabValue(t)}
            mih={44}
            style={large ? undefined : { flex: 'none' }}
            rightSection={s && t !== 'Review & Complete' ? <Dot status={s} /> : null}
          >
            {t}
          </Tabs.Tab>
        );
      })}
    </Tabs.List>
  );
}

interface SectionPanelProps {
  status: SectionStatus | undefined;
  /** Skip or unskip, or null when neither is offered (or the history is read-only). */
  action: 'skip' | 'unskip' | null;
  onSkip: () => void;
  onNext: () => void;
  children: ReactNode;
}

/** A section's tab: its status, Skip or Unskip, 'Go to next incomplete', then the section. */
function SectionPanel({ status, action, onSkip, onNext, children }: SectionPanelProps): ReactNode {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          {status && (
            <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="hhx-tab-status">
              {STATUS_LABELS[status]}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {action && (
            <Button variant="default" mih={44} onClick={onSkip}>
              {action === 'skip' ? 'Skip' : 'Unskip'}
            </Button>
          )}
          <Button variant="light" mih={44} onClick={onNext}>
            Go to next incomplete
          </Button>
        </Group>
      </Group>
      {children}
    </Stack>
  );
}

interface ConfirmLayoutModalProps {
  /** The layout asked for and what it would remove, or null when nothing is asked. */
  confirm: { elsewhere: boolean; lost: string[] } | null;
  onCancel: () => void;
  onConfirm: (toElsewhere: boolean) => void;
}

/** The data-loss confirmation of a layout switch (spec 002 §2). */
function ConfirmLayoutModal({ confirm, onCancel, onConfirm }: ConfirmLayoutModalProps): ReactNode {
  return (
    <Modal opened={confirm != null} onClose={onCancel} title="Change where the health history is entered?" centered>
      <Stack>
        <Text>
          Switching to {confirm?.elsewhere ? 'Elsewhere' : 'Vigil'} removes what the other layout does not keep:{' '}
          {confirm?.lost.join(', ')}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            color="red"
            mih={44}
            onClick={() => {
              if (confirm) onConfirm(confirm.elsewhere);
              else onCancel();
            }}
          >
            Switch and remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The full-screen Health History editor (spec 002 §2, §4, §8): its dialog states (fetching, not
 * found, error, closing while saving), the tabs in order with their status, vertical on large
 * viewports and horizontal on small ones, skip and unskip, 'Go to next incomplete', the
 * Vigil / Elsewhere layout toggle with its data-loss confirmation, the save status, and Review &
 * Complete.
 */
export function HealthHistoryEditor(props: HealthHistoryEditorProps): ReactNode {
  const { document, context, lookup } = props;
  const large = useMediaQuery(LARGE, typeof window === 'undefined' ? true : window.matchMedia(LARGE).matches, {
    getInitialValueInEffect: false,
  });
  const deviceLoading = useDocumentState(document, (s) => s.device === 'loading');
  const loadError = useDocumentState(document, (s) => s.loadError);
  const sync = useDocumentState(document, (s) => s.sync);
  const schema = useDocumentState(document, (s) => s.schema);
  const state = useDocumentState(document, (s) => s);
  const { data, set } = useHealthHistoryData(document, !deviceLoading);
  const [tab, setTab] = useState<HealthHistoryTab | null>(null);
  const [closing, setClosing] = useState(false);
  const [mode, setMode] = useState<EditorMode>('start');
  const [withSignature, setWithSignature] = useState(false);
  const [confirmLayout, setConfirmLayout] = useState<{ elsewhere: boolean; lost: string[] } | null>(null);

  const waiting = useClosing(closing, sync, mode, props.onClose);

  const finished = data ? isFinished(data) : false;
  const refused = sync.refused;
  const readOnly =
    data == null || finished || refused != null || schema === 'tooNew' || mode === 'finalizing' || mode === 'finalized';
  const elsewhere = data ? enteredElsewhereOf(data) : false;
  // The statuses are read against the clock each time the history changes (HH6 counts vitals taken
  // up to now): a clock kept from the editor's opening took vitals saved since as taken in the
  // future, and Pre-Op Vitals stayed Incomplete until a reload (issue 35 item 15).
  const { tabs, statuses } = useMemo(
    () => (data ? tabStatuses(data, Date.now()) : { tabs: [] as HealthHistoryTab[], statuses: {} }),
    [data],
  );
  const current: HealthHistoryTab | null =
    tab && tabs.includes(tab) ? tab : finished ? 'Review & Complete' : (tabs[0] ?? null);
  const sections = contentSections(tabs, statuses);
  const complete = isEditorComplete(tabs, statuses);

  const finalize = useFinalizeWhenSaved(sync, context.orgId, props.healthHistoryId, props.onFinalized, setMode);
  const finalizeAs = (signature?: string): void => {
    setWithSignature(signature != null);
    finalize(signature);
  };

  const requestLayout = (toElsewhere: boolean): void => {
    if (!data || toElsewhere === elsewhere) return;
    const lost = toElsewhere ? dataLostByElsewhere(data) : dataLostByVigil(data);
    if (lost.length > 0) setConfirmLayout({ elsewhere: toElsewhere, lost });
    else set(switchLayoutPatch(toElsewhere));
  };

  const saving = saveText(sync);
  let body: ReactNode = pendingBody(waiting, lookup, data, loadError);
  if (!body && data && current) {
    const Content = current === 'Review & Complete' ? null : HHX_TAB_COMPONENTS[current];
    const action = skipAction(statuses[current]);
    body = (
      <Tabs
        value={tabValue(current)}
        onChange={(v) => setTab(tabs.find((x) => tabValue(x) === v) ?? current)}
        orientation={large ? 'vertical' : 'horizontal'}
        // Only the current tab has content. Mantine keeps other panels in a hidden <Activity> whose
        // update to nothing is deferred: under load the tab left kept its stale content in the page
        // (a second status badge, stop 50's CI failure), so inactive panels are not kept at all.
        keepMounted={false}
        // A vertical list reads down its left edge: the names start there, the status badges line up on the right.
        styles={large ? { tabLabel: { textAlign: 'start' } } : undefined}
        style={{ flex: 1, minHeight: 0 }}
      >
        <SectionTabList tabs={tabs} statuses={statuses} large={large} />
        {tabs.map((t) => (
          <Tabs.Panel key={t} value={tabValue(t)} p="md" style={{ overflowY: 'auto' }}>
            {t !== current ? null : t === 'Review & Complete' ? (
              <ReviewTab
                data={data}
                sections={sections}
                complete={complete}
                enteredElsewhere={elsewhere}
                canSign={context.canSign}
                mode={mode}
                withSignature={withSignature}
                blocked={refused != null && refused !== REFUSAL_REASONS.FINALIZED ? true : schema === 'tooNew'}
                onOpenTab={setTab}
                onSign={(signature) => finalizeAs(signature)}
                onMarkComplete={() => finalizeAs()}
                onSigningChange={(open) => setMode(open ? 'signing' : 'start')}
              />
            ) : (
              <SectionPanel
                status={statuses[t]}
                action={readOnly ? null : action}
                onSkip={() => set({ skippedSections: toggledSkip(data, t, action === 'skip') })}
                onNext={() => setTab(goToNextIncomplete(tabs, statuses))}
              >
                {Content && (
                  <Content data={data} set={set} readOnly={readOnly} enteredElsewhere={elsewhere} context={context} />
                )}
              </SectionPanel>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <Modal.Root opened onClose={() => setClosing(true)} fullScreen>
      <Modal.Content>
        <Modal.Body p={0} style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
          <EditorHeader
            large={large}
            saving={finished ? null : saving}
            layout={data && !finished ? { elsewhere, disabled: readOnly, onChange: requestLayout } : null}
            syncState={document ? state : null}
            onClose={() => setClosing(true)}
          />
          {body}
        </Modal.Body>
      </Modal.Content>
      <ConfirmLayoutModal
        confirm={confirmLayout}
        onCancel={() => setConfirmLayout(null)}
        onConfirm={(toElsewhere) => {
          set(switchLayoutPatch(toElsewhere));
          setConfirmLayout(null);
        }}
      />
    </Modal.Root>
  );
}

function Status({ text }: { text: string }): ReactNode {
  return (
    <Group gap="xs" role="status" p="md">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** A tab's status as a small labelled badge. */
function Dot({ status }: { status: keyof typeof STATUS_LABELS }): ReactNode {
  return (
    <Badge
      size="xs"
      variant="light"
      color={STATUS_COLOURS[status]}
      data-testid="hhx-tab-badge"
      style={{ flex: 'none' }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
