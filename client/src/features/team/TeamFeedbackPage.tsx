import { RECENT_ACTIONS_ERROR, type RecentAction } from '@vigil/shared';
import { Alert, Anchor, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { fetchFeedbackMessages, type FeedbackView } from '../../data/feedback.js';
import { errorCode } from '../../data/graphql.js';
import { clockDateTime } from '../../ui/format.js';
import { Page } from '../../ui/Page.js';
import { TeamSupportSearch } from './TeamSupportSearch.js';

const PAGE = 20;

/** The recent actions log as lines, or the text the user's app sent instead. */
function actionLines(text: string): string[] {
  if (text === RECENT_ACTIONS_ERROR) return [text];
  try {
    return (JSON.parse(text) as RecentAction[]).map((a) => `${clockDateTime(a.at)} ${a.kind} ${a.target}`);
  } catch {
    return [text];
  }
}

function FeedbackCard({ m }: { m: FeedbackView }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Message from ${m.userName}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {m.userName}{' '}
            <Anchor href={`mailto:${m.email}`} underline="always">
              {m.email}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {clockDateTime(m.at)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{m.message}</Text>
        <Text size="sm" c="dimmed">
          {m.orgId ? (
            <>
              <Anchor component={Link} to={`/vigil-team/orgs/${encodeURIComponent(m.orgId)}`} underline="always">
                {m.orgId}
              </Anchor>
              {' · '}
            </>
          ) : null}
          page {m.page} · version {m.appVersion}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          mih={44}
          w="fit-content"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Hide recent actions' : 'Show recent actions'}
        </Button>
        {open && <Code block>{actionLines(m.recentActions).join('\n') || 'No actions recorded.'}</Code>}
      </Stack>
    </Card>
  );
}

/**
 * `/vigil-team/customer-support` (spec 000 §2): finding a user or an organisation with its sync
 * health and recent errors (TeamSupportSearch, issue 41), then the Help / Feedback messages users
 * sent the team (issue 40), newest first, 20 at a time, with who sent each, from which
 * organisation and page, the app's version and the recent actions log.
 */
export function TeamFeedbackPage(): ReactNode {
  const [messages, setMessages] = useState<FeedbackView[]>([]);
  const [state, setState] = useState<{ loading: boolean; error: string | null; more: boolean }>({
    loading: true,
    error: null,
    more: false,
  });
  const load = useCallback(async (after: string | null) => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const page = await fetchFeedbackMessages(PAGE, after);
      setMessages((shown) => (after === null ? page : [...shown, ...page]));
      setState({ loading: false, error: null, more: page.length === PAGE });
    } catch (err) {
      setState((s) => ({ ...s, loading: false, error: errorCode(err) }));
    }
  }, []);
  useEffect(() => void load(null), [load]);
  return (
    <Page title="Customer Support">
      <TeamSupportSearch />
      <Title order={2} size="h3" mt="lg">
        Help / Feedback
      </Title>
      {state.error && (
        <Alert color="red" role="alert">
          {state.error === 'NETWORK_ERROR'
            ? 'You are offline: the messages cannot be read.'
            : `The messages could not be read (${state.error}).`}
        </Alert>
      )}
      {!state.loading && !state.error && messages.length === 0 && <Text c="dimmed">No messages yet.</Text>}
      {messages.length > 0 && (
        <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
          {messages.map((m) => (
            <FeedbackCard key={m.id} m={m} />
          ))}
        </Stack>
      )}
      {state.loading && <Loader aria-label="Loading" />}
      {!state.loading && state.more && (
        <Button variant="default" mih={44} w="fit-content" onClick={() => void load(messages.at(-1)!.id)}>
          Load more
        </Button>
      )}
    </Page>
  );
}
