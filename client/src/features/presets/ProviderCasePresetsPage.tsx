import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { presetItems, refusalText, PRESET_NOT_YOURS_TIP, type PresetMacro } from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { usePresets } from './hooks.js';
import { byOwner, ownerPillText, usablePresets, withSaved } from './model.js';
import { PresetDialog } from './PresetDialog.js';
import { usePresetOwners } from './usePresetOwners.js';

/**
 * /org/{orgId}/provider-case-presets (issue 39): every preset of the office by provider (the
 * office's and its parent's first), each with its content, opened in the same editor as on the
 * case screen; its owner may change or delete it, others see the tip that another owner holds it.
 */
export function ProviderCasePresetsPage(): ReactNode {
  const orgId = useParams().orgId ?? '';
  const state = usePresets(orgId);
  const owners = usePresetOwners(orgId);
  const parsed = useMemo(
    () => new Map(usablePresets(state.presets ?? []).map((p) => [p.view.id, p.macro])),
    [state.presets],
  );
  const [editing, setEditing] = useState<{ id: string; name: string; macro: PresetMacro } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (id: string): Promise<void> => {
    setError(null);
    try {
      await api.deletePreset(orgId, id);
      state.set((state.presets ?? []).filter((p) => p.id !== id));
    } catch (err) {
      setError(refusalText(errorCode(err)));
    }
  };

  return (
    <Page title="Provider Case Presets">
      <Text c="dimmed" maw={720}>
        The presets of this office by provider: saved from a case, applied to the next one in a few taps.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {state.presets === null && (
        <Text size="sm" c="dimmed">
          {state.loading ? 'Loading...' : refusalText(state.error)}
        </Text>
      )}
      {state.presets !== null && state.presets.length === 0 && <Text size="sm">No presets yet.</Text>}
      {byOwner(state.presets ?? []).map((group) => (
        <Stack key={group.owner} gap="xs" component="section" aria-label={group.owner}>
          <Title order={2} size="h4">
            {group.owner}
          </Title>
          {group.presets.map((view) => {
            const macro = parsed.get(view.id) ?? null;
            return (
              <Paper key={view.id} withBorder p="sm" data-testid="provider-preset">
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Group gap="xs">
                      <Text fw={600}>{view.name}</Text>
                      <Badge variant="outline" color={view.editable ? 'blue.9' : 'dark'}>
                        {ownerPillText(view)}
                      </Badge>
                    </Group>
                    {view.editable && macro && (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing({ id: view.id, name: view.name, macro })}
                        >
                          Edit
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => void remove(view.id)}>
                          Delete
                        </Button>
                      </Group>
                    )}
                  </Group>
                  {!view.editable && (
                    <Text size="sm" c="dimmed">
                      {PRESET_NOT_YOURS_TIP}
                    </Text>
                  )}
                  <Text size="sm">
                    {macro
                      ? presetItems(macro)
                          .map((i) => i.label)
                          .join(' · ') || 'Empty'
                      : 'Unreadable here'}
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      ))}
      {editing && (
        <PresetDialog
          orgId={orgId}
          macro={editing.macro}
          original={{ id: editing.id, name: editing.name }}
          editing={false}
          owners={owners}
          onSaved={(saved) => state.set(withSaved(state.presets ?? [], saved))}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
