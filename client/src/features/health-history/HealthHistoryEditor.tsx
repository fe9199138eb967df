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
import { REFUSAL_REASONS, type HealthHistoryTab } from '@vigil/shared';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SyncIndicator } from '../../sync/SyncIndicator.js';
import type { SyncedDocument } from '../../sync/syncedDocument.js';
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
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  // Closing while saving waits for the save (spec 002 §4), then closes.
  const waiting = closing && mustWaitToClose(sync);
  useEffect(() => {
    if (closing && !mustWaitToClose(sync)) onClose.current();
  }, [closing, sync]);
  // Completion closes the editor after 1.5 s (spec 002 §9).
  useEffect(() => {
    if (mode !== 'finalized') return;
    const timer = window.setTimeout(() => onClose.current(), COMPLETION_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [mode]);

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

  // Signing waits for this device's edits to reach the server: the server signs the content it
  // holds and refuses writes after, so an edit still on its way would be lost (and not signed).
  const [finalizeRequest, setFinalizeRequest] = useState<{ signature?: string } | null>(null);
  const finalize = (signature?: string): void => {
    setWithSignature(signature != null);
    setMode('finalizing');
    setFinalizeRequest({ signature });
  };
  const finalizeCall = useRef({ orgId: context.orgId, id: props.healthHistoryId, onFinalized: props.onFinalized });
  finalizeCall.current = { orgId: context.orgId, id: props.healthHistoryId, onFinalized: props.onFinalized };
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
  }, [finalizeRequest, sync]);

  const requestLayout = (toElsewhere: boolean): void => {
    if (!data || toElsewhere === elsewhere) return;
    const lost = toElsewhere ? dataLostByElsewhere(data) : dataLostByVigil(data);
    if (lost.length > 0) setConfirmLayout({ elsewhere: toElsewhere, lost });
    else set(switchLayoutPatch(toElsewhere));
  };

  const saving = saveText(sync);
  const controls = (
    <Group gap="sm" wrap="wrap">
      {data && !finished && (
        <SegmentedControl
          aria-label="Where the health history is entered"
          value={elsewhere ? 'elsewhere' : 'vigil'}
          disabled={readOnly}
          onChange={(v) => requestLayout(v === 'elsewhere')}
          data={[
            { value: 'vigil', label: 'Vigil' },
            { value: 'elsewhere', label: 'Elsewhere' },
          ]}
        />
      )}
      {document && <SyncIndicator state={state} noun="health history" />}
    </Group>
  );
  // The close button stays in the top corner; on a phone the layout toggle and the save status
  // take a second row under the title.
  const header = (
    <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="wrap">
          <Modal.Title fz="h3" fw={700}>
            Health History
          </Modal.Title>
          {saving && !finished && (
            <Text size="sm" fw={600} c={saving === HHX_TEXTS.saved ? 'green.9' : 'blue.9'} data-testid="hhx-save-text">
              {saving}
            </Text>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {large && controls}
          <CloseButton size="xl" aria-label="Close health history" onClick={() => setClosing(true)} />
        </Group>
      </Group>
      {!large && controls}
    </Stack>
  );

  let body: ReactNode;
  if (waiting) {
    body = <Status text={HHX_TEXTS.waitingForSave} />;
  } else if (lookup.state === 'error' && !data) {
    body = (
      <Alert color="red" m="md" role="alert">
        {HHX_TEXTS.fetchError(lookup.message ?? 'unknown error')}
      </Alert>
    );
  } else if (lookup.state === 'notFound' && !data?.schemaVersion && Object.keys(data ?? {}).length === 0) {
    body = (
      <Alert color="gray" m="md" role="alert">
        {HHX_TEXTS.notFound}
      </Alert>
    );
  } else if (!data) {
    body =
      loadError === 'noRemoteData' ? (
        <Alert color="red" m="md" role="alert">
          {HHX_TEXTS.fetchError('this device cannot store it and the server cannot be reached')}
        </Alert>
      ) : (
        <Status text={HHX_TEXTS.fetching} />
      );
  } else if (current) {
    const Content = current === 'Review & Complete' ? null : HHX_TAB_COMPONENTS[current];
    const action = skipAction(statuses[current]);
    body = (
      <Tabs
        value={tabValue(current)}
        onChange={(v) => setTab(tabs.find((x) => tabValue(x) === v) ?? current)}
        orientation={large ? 'vertical' : 'horizontal'}
        // A vertical list reads down its left edge: the names start there, the status badges line up on the right.
        styles={large ? { tabLabel: { textAlign: 'start' } } : undefined}
        style={{ flex: 1, minHeight: 0 }}
      >
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
                onSign={(signature) => finalize(signature)}
                onMarkComplete={() => finalize()}
                onSigningChange={(open) => setMode(open ? 'signing' : 'start')}
              />
            ) : (
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="xs">
                    {statuses[t] && (
                      <Badge color={STATUS_COLOURS[statuses[t]]} variant="light" data-testid="hhx-tab-status">
                        {STATUS_LABELS[statuses[t]]}
                      </Badge>
                    )}
                  </Group>
                  <Group gap="xs">
                    {action && !readOnly && (
                      <Button
                        variant="default"
                        mih={44}
                        onClick={() => set({ skippedSections: toggledSkip(data, t, action === 'skip') })}
                      >
                        {action === 'skip' ? 'Skip' : 'Unskip'}
                      </Button>
                    )}
                    <Button variant="light" mih={44} onClick={() => setTab(goToNextIncomplete(tabs, statuses))}>
                      Go to next incomplete
                    </Button>
                  </Group>
                </Group>
                {Content && (
                  <Content data={data} set={set} readOnly={readOnly} enteredElsewhere={elsewhere} context={context} />
                )}
              </Stack>
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
          {header}
          {body}
        </Modal.Body>
      </Modal.Content>
      <Modal
        opened={confirmLayout != null}
        onClose={() => setConfirmLayout(null)}
        title="Change where the health history is entered?"
        centered
      >
        <Stack>
          <Text>
            Switching to {confirmLayout?.elsewhere ? 'Elsewhere' : 'Vigil'} removes what the other layout does not keep:{' '}
            {confirmLayout?.lost.join(', ')}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setConfirmLayout(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              mih={44}
              onClick={() => {
                if (confirmLayout) set(switchLayoutPatch(confirmLayout.elsewhere));
                setConfirmLayout(null);
              }}
            >
              Switch and remove
            </Button>
          </Group>
        </Stack>
      </Modal>
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
