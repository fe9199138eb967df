import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { TRIAL_DAYS } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { errorCode } from '../../session/errors.js';
import { goLive } from './api.js';
import { useOrg } from './hooks.js';
import { memberErrorText } from './memberRules.js';

/**
 * `/org/{orgId}/go-live`, where a new organisation lands (spec 000 §7 createOrg). It says what is
 * true: the organisation exists, and how its subscription stands. Going live with real patients
 * waits for onboarding and billing, which this version does not have yet.
 */
export function GoLivePage(): ReactNode {
  const { orgId = '' } = useParams();
  const org = useOrg(orgId);
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const goLiveNow = async (): Promise<void> => {
    setGoing(true);
    setError(null);
    try {
      org.set(await goLive(orgId));
    } catch (err) {
      setError(memberErrorText(errorCode(err)));
    } finally {
      setGoing(false);
    }
  };
  return (
    <Page title="Go Live">
      {org.loading && <Loader aria-label="Loading" />}
      {org.error && (
        <Alert color="red" role="alert">
          {memberErrorText(org.error)}
        </Alert>
      )}
      {org.data && (
        <>
          <Alert color="green" title="Your organization is set up">
            <Text>
              {org.data.name} ({org.data.id}) is ready. You are its admin.
            </Text>
          </Alert>
          {org.data.isOnboarding && (
            <Alert color="blue" title="Onboarding">
              <Text>
                Patients added while onboarding are test patients. When you are ready to chart real patients, go live:
                your {TRIAL_DAYS}-day free trial starts then.
              </Text>
              {error && (
                <Text c="red" role="alert" mt="xs">
                  {error}
                </Text>
              )}
              <Button mt="sm" mih={44} loading={going} onClick={() => void goLiveNow()}>
                Go live
              </Button>
            </Alert>
          )}
          {org.data.subscriptionStatus.status === 'trialing' && org.data.subscriptionStatus.trialEnd && (
            <Text>
              Your free trial runs until {new Date(org.data.subscriptionStatus.trialEnd).toLocaleDateString()}.
            </Text>
          )}
          <Group>
            <Button component={Link} to={`/org/${encodeURIComponent(orgId)}/members`} mih={44}>
              Invite your team
            </Button>
            <Button component={Link} to={`/org/${encodeURIComponent(orgId)}`} variant="default" mih={44}>
              Open Case Manager
            </Button>
          </Group>
        </>
      )}
    </Page>
  );
}
