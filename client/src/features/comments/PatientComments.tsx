import { refusalText } from '@vigil/shared';
import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { cacheResources } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';
import { useCachedResources } from '../../data/useResources.js';
import { errorCode } from '../../session/errors.js';
import * as api from './api.js';
import { patientComments, type CommentView } from './commentView.js';

export interface PatientCommentsProps {
  orgId: string;
  patientId: string;
  /** On a case: new comments are about its appointment. */
  appointmentId?: string | null;
}

/** The comments' message for a failed call. */
function commentErrorText(code: string): string {
  return refusalText(code, {
    NETWORK_ERROR: 'The server cannot be reached. Check the connection and try again.',
    NOT_AUTHORIZED: 'You cannot change this comment.',
    INVALID_INPUT: 'Please write a comment first.',
    default: 'An unknown error occurred',
  });
}

function when(date: string | null): string {
  return date ? new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'No date';
}

function CommentItem({
  comment,
  onEdit,
  onDelete,
}: {
  comment: CommentView;
  onEdit: (text: string) => Promise<boolean>;
  onDelete: () => void;
}): ReactNode {
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card withBorder padding="sm" component="li" data-testid="patient-comment">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            {comment.author}
            <Text span size="sm" c="dimmed" fw={400}>
              {' · '}
              {when(comment.date)}
              {comment.editStatus === 'edited' && ' · edited'}
            </Text>
          </Text>
          {comment.editStatus !== 'deleted' && editing === null && (
            <Group gap={4}>
              <Button size="compact-md" mih={44} variant="subtle" onClick={() => setEditing(comment.text ?? '')}>
                Edit
              </Button>
              <Button size="compact-md" mih={44} variant="subtle" color="red" onClick={onDelete}>
                Delete
              </Button>
            </Group>
          )}
        </Group>
        {comment.editStatus === 'deleted' ? (
          <Text c="dimmed" fs="italic">
            This comment was deleted.
          </Text>
        ) : editing !== null ? (
          <Stack gap="xs">
            <Textarea
              label="Comment"
              autosize
              minRows={2}
              value={editing}
              onChange={(e) => setEditing(e.currentTarget.value)}
            />
            <Group>
              <Button
                mih={44}
                loading={busy}
                disabled={editing.trim() === ''}
                onClick={() => {
                  setBusy(true);
                  void onEdit(editing.trim()).then((ok) => {
                    setBusy(false);
                    if (ok) setEditing(null);
                  });
                }}
              >
                Save
              </Button>
              <Button mih={44} variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A patient's comments (spec 001 §3 Communication; issue 28): author, date and text, newest
 * first; add, edit (shown as edited) and delete (shown as deleted; the text stays in the
 * resource's history).
 */
export function PatientComments({ orgId, patientId, appointmentId = null }: PatientCommentsProps): ReactNode {
  const params = { subject: `Patient/${patientId}` };
  const cached = useCachedResources(orgId, 'Communication', params);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CommentView | null>(null);
  const comments = cached.data ? patientComments(cached.data, patientId) : undefined;

  const refresh = async (): Promise<void> => {
    await cacheResources(orgId, await fhirClient(orgId).fetchAll('Communication', params));
  };
  const run = async (call: () => Promise<void>): Promise<boolean> => {
    setError(null);
    try {
      await call();
      await refresh();
      return true;
    } catch (err) {
      setError(commentErrorText(errorCode(err)));
      return false;
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="comments-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="comments-heading">
          Comments
        </Title>
        <Textarea
          label="Add a comment"
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group>
          <Button
            mih={44}
            loading={busy}
            disabled={text.trim() === ''}
            onClick={() => {
              setBusy(true);
              void run(() => api.addPatientComment(orgId, patientId, text.trim(), appointmentId)).then((ok) => {
                setBusy(false);
                if (ok) setText('');
              });
            }}
          >
            Add Comment
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {comments === undefined || (comments.length === 0 && cached.refreshing) ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>Loading...</Text>
          </Group>
        ) : comments.length === 0 ? (
          <Text c="dimmed">No comments yet.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments">
            {comments.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                onEdit={(t) => run(() => api.editPatientComment(orgId, c.id, t))}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </Stack>
        )}
        {cached.error === 'NETWORK_ERROR' && (
          <Text size="sm" c="dimmed">
            Offline: showing the comments saved on this device.
          </Text>
        )}
      </Stack>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this comment?">
        <Stack>
          <Text>It will show as deleted. Its text stays in the patient's record history.</Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              mih={44}
              onClick={() => {
                const c = deleting;
                setDeleting(null);
                if (c) void run(() => api.deletePatientComment(orgId, c.id));
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
