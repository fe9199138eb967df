import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { refusalText, type TeamSupportHitView } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { searchSupport } from './supportApi.js';
import { SupportOrg, SupportUser } from './SupportDetails.js';

const hitLink = (h: TeamSupportHitView): string => `?${h.kind === 'user' ? 'user' : 'org'}=${encodeURIComponent(h.id)}`;

/**
 * `/vigil-team/customer-support`'s search (issue 41; spec 000 §2 "find a user or organisation; its
 * recent errors, sync health"): a user by id, email or name, an organisation by id, name or email;
 * the one chosen (`?user=` or `?org=` in the address, so it can be shared) shows its organisations
 * or members, devices, what the server holds of its documents' sync and its browsers' errors.
 * Every read is recorded on the account trail by the server.
 */
export function TeamSupportSearch(): ReactNode {
  const [params] = useSearchParams();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<TeamSupportHitView[] | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    setState({ busy: true, error: null });
    searchSupport(text.trim()).then(
      (found) => (setHits(found), setState({ busy: false, error: null })),
      (err: unknown) => setState({ busy: false, error: errorCode(err) }),
    );
  };
  const userId = params.get('user');
  const orgId = params.get('org');
  return (
    <Stack gap="md" component="section" aria-labelledby="support-find">
      <Title order={2} size="h3" id="support-find">
        Find a user or organization
      </Title>
      <Group component="form" onSubmit={submit} align="flex-end" wrap="wrap" role="search">
        <TextInput
          label="Email, name or id"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          minLength={2}
          required
          w={320}
        />
        <Button type="submit" loading={state.busy} mih={44}>
          Search
        </Button>
      </Group>
      {state.error && (
        <Alert color="red" role="alert">
          {state.error === 'INVALID_INPUT' ? 'Type at least two characters.' : refusalText(state.error)}
        </Alert>
      )}
      {hits && hits.length === 0 && <Text c="dimmed">Nobody and no organization found.</Text>}
      {hits && hits.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Found">
          {hits.map((h) => (
            <li key={`${h.kind}:${h.id}`}>
              <Anchor component={Link} to={hitLink(h)}>
                {h.name}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {h.kind === 'user' ? `user · ${h.detail}` : `organization · ${h.id} · ${h.detail}`}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {userId && <SupportUser key={`u:${userId}`} userId={userId} />}
      {!userId && orgId && <SupportOrg key={`o:${orgId}`} orgId={orgId} />}
    </Stack>
  );
}
