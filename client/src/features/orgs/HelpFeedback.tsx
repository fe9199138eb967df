import { FEEDBACK_MESSAGE_MAX } from '@vigil/shared';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { sendFeedback } from '../../data/feedback.js';
import { errorCode } from '../../data/graphql.js';
import { recentActionsText } from '../../session/recentActions.js';

/** What a failed send says; the message stays in the box to send again. */
function failureText(code: string): string {
  if (code === 'NETWORK_ERROR')
    return 'You are offline. Your message is kept here: send it again once you are back online.';
  if (code === 'TOO_MANY_REQUESTS') return 'You have sent 10 messages in the last hour. Please try again later.';
  if (code === 'INVALID_INPUT') return `Write a message of at most ${FEEDBACK_MESSAGE_MAX} characters.`;
  return 'The message could not be sent. Please try again.';
}

/**
 * The Help / Feedback dialog's content (spec 000 §2, the helpFeedback hash modal; issue 40): the
 * user's message, sent to the Vigil team with the page they are on, the app's version and the
 * recent actions log (spec 002 §9). Sending keeps the text until it is sent; a second press while
 * sending does nothing. `orgId`: the organisation the user is in, if any.
 */
export function HelpFeedback({ orgId, onClose }: { orgId: string | null; onClose: () => void }): ReactNode {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const [state, setState] = useState<{ kind: 'editing' | 'sending' | 'sent' } | { kind: 'failed'; text: string }>({
    kind: 'editing',
  });
  const send = async (): Promise<void> => {
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      await sendFeedback(message, {
        page: pathname,
        appVersion: __APP_VERSION__,
        recentActions: recentActionsText(),
        orgId,
      });
      setState({ kind: 'sent' });
    } catch (err) {
      setState({ kind: 'failed', text: failureText(errorCode(err)) });
    }
  };
  if (state.kind === 'sent') {
    return (
      <Stack gap="sm">
        <Alert color="green" title="Message sent" role="status">
          Thank you. The Vigil team has your message and will answer by email.
        </Alert>
        {/* Left, not where Send was: the second click of a double press on Send must not press Done. */}
        <Group justify="flex-start">
          <Button mih={44} onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }
  const trimmed = message.trim();
  return (
    <Stack gap="sm">
      <Text size="sm">
        Ask for help or tell us what to improve. The page you are on, the app&apos;s version and your last 20 actions in
        the app (the pages and buttons, not what you typed) are sent with your message.
      </Text>
      <Textarea
        label="Message"
        required
        autosize
        minRows={4}
        maxLength={FEEDBACK_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        description={`${message.length} / ${FEEDBACK_MESSAGE_MAX} characters`}
      />
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          {state.text}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" mih={44} onClick={onClose}>
          Cancel
        </Button>
        <Button mih={44} onClick={() => void send()} loading={state.kind === 'sending'} disabled={trimmed === ''}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
