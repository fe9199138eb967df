import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PREOP_REVIEW_DAYS, refusalText } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { fetchPreopSettings, savePreopSettings } from '../../data/preop.js';
import { NumberField } from '../../ui/kit/NumberField.js';

export interface PreopSettingsSectionProps {
  orgId: string;
  /** Tests: the read and the save without a server. */
  load?: typeof fetchPreopSettings;
  save?: typeof savePreopSettings;
}

/**
 * The pre-op list's review period on the office's settings page (issue 40, PRE3): how many days
 * before a visit a weight or an allergy review still counts, 1 to 365 (30 unless the office sets
 * another). Read from the server; saved by whoever administers the office.
 */
export function PreopSettingsSection({
  orgId,
  load = fetchPreopSettings,
  save = savePreopSettings,
}: PreopSettingsSectionProps): ReactNode {
  const [days, setDays] = useState<number | null>(null);
  const [stored, setStored] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    load(orgId).then(
      (s) => {
        if (!live) return;
        setDays(s.reviewDays);
        setStored(s.reviewDays);
      },
      (err: unknown) => live && setMessage({ ok: false, text: refusalText(errorCode(err)) }),
    );
    return () => {
      live = false;
    };
  }, [orgId, load]);
  const valid =
    days !== null && Number.isInteger(days) && days >= PREOP_REVIEW_DAYS.min && days <= PREOP_REVIEW_DAYS.max;
  const submit = async (): Promise<void> => {
    if (!valid) return;
    setBusy(true);
    setMessage(null);
    try {
      const s = await save(orgId, days);
      setStored(s.reviewDays);
      setMessage({ ok: true, text: 'Saved.' });
    } catch (err) {
      setMessage({ ok: false, text: refusalText(errorCode(err)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="preop-settings">
      <Stack gap="sm">
        <Title order={2} size="h4" id="preop-settings">
          Pre-op list
        </Title>
        <Text size="sm" c="dimmed">
          A weight or an allergy review counts on the pre-op list when recorded this many days before the visit.
        </Text>
        <Group align="flex-end">
          <NumberField
            label="Review period (days)"
            min={PREOP_REVIEW_DAYS.min}
            max={PREOP_REVIEW_DAYS.max}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={
              days !== null && !valid ? `From ${PREOP_REVIEW_DAYS.min} to ${PREOP_REVIEW_DAYS.max} days` : undefined
            }
            styles={{ input: { minHeight: 44 } }}
          />
          <Button mih={44} onClick={() => void submit()} loading={busy} disabled={!valid || days === stored}>
            Save
          </Button>
        </Group>
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
