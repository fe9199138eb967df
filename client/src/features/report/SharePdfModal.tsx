import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { PROMISE_BUTTON_RESET_MS } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hashModalHref, parseHashModal } from '../../session/hashModal.js';
import { fetchPdfUrl, type PdfShare } from './api.js';

/** The sharePdf modal's name (spec 000 §2: modals opened through the URL hash). */
export const SHARE_PDF_MODAL = 'sharePdf';

/** The hash that opens the sharePdf modal for one report PDF. */
export function sharePdfHref(orgId: string, pdfId: string): string {
  return hashModalHref(SHARE_PDF_MODAL, { orgId, pdfId });
}

/** Copy button texts (spec 002 §4: copy or promise button). */
export const COPY_TEXTS = {
  idle: 'Copy link',
  loading: 'Copying...',
  success: 'Copied!',
  error: 'Failed to copy, try again.',
} as const;

function CopyLinkButton({ value }: { value: string }): ReactNode {
  const [state, setState] = useState<keyof typeof COPY_TEXTS>('idle');
  useEffect(() => {
    if (state !== 'success' && state !== 'error') return;
    const timer = setTimeout(() => setState('idle'), PROMISE_BUTTON_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      mih={44}
      variant="light"
      color={state === 'error' ? 'red' : undefined}
      onClick={() => {
        setState('loading');
        navigator.clipboard.writeText(value).then(
          () => setState('success'),
          () => setState('error'),
        );
      }}
    >
      {COPY_TEXTS[state]}
    </Button>
  );
}

/**
 * sharePdf (spec 000 §2, §3 PDF share record): a short-lived, single-use link to a signed report
 * with a text to send along and the title, opened from `#sharePdf={"orgId":…,"pdfId":…}`. It has
 * no Open button: opening it here would use up the link meant for someone else.
 */
export function SharePdfModal(): ReactNode {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const modal = parseHashModal(hash);
  const orgId = modal?.name === SHARE_PDF_MODAL && typeof modal.props.orgId === 'string' ? modal.props.orgId : null;
  const pdfId = modal?.name === SHARE_PDF_MODAL && typeof modal.props.pdfId === 'string' ? modal.props.pdfId : null;
  const [share, setShare] = useState<{ key: string; value: PdfShare | 'failed' } | null>(null);
  const key = `${orgId ?? ''}/${pdfId ?? ''}`;

  useEffect(() => {
    if (!orgId || !pdfId) return;
    let live = true;
    // A link to send: single-use for whoever holds it (issue 24 item 7), not bound to this user.
    fetchPdfUrl(orgId, pdfId, true).then(
      (value) => live && setShare({ key: `${orgId}/${pdfId}`, value }),
      () => live && setShare({ key: `${orgId}/${pdfId}`, value: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [orgId, pdfId]);

  const current = share?.key === key ? share.value : null;
  const close = (): void => void navigate(`${pathname}${search}`, { replace: true });
  return (
    <Modal opened={orgId !== null && pdfId !== null} onClose={close} title="Share report" size="lg">
      {current === null && <Loader aria-label="Preparing the link" />}
      {current === 'failed' && (
        <Alert color="red" role="alert">
          The link could not be made. Try again.
        </Alert>
      )}
      {current !== null && current !== 'failed' && (
        <Stack gap="sm">
          <Text fw={600}>{current.title}</Text>
          <Text size="sm">{current.text}</Text>
          <TextInput label="Link" value={current.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Text size="sm" c="dimmed">
            The link opens the PDF once; make a new one for each person.
          </Text>
          <Group>
            <CopyLinkButton value={current.url} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
