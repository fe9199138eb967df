import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { refusalText, type PresetView } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { Page } from '../../ui/Page.js';
import * as api from './api.js';
import { ownerPillText, withSaved } from './model.js';

interface Loaded {
  orgId: string;
  presets: PresetView[];
  members: { userId: string; name: string; email: string }[];
}

/**
 * /vigil-team/preset-migration (issue 39): the team opens an office by its id and gives any of its
 * presets to one of its members or to the office (movePreset, internal ubers only, audited with the
 * owner before and after). A parent's presets are moved in the parent.
 */
export function PresetMigrationPage(): ReactNode {
  const [orgId, setOrgId] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const id = orgId.trim();
      const [presets, members] = await Promise.all([api.fetchPresets(id), api.fetchMembers(id)]);
      setLoaded({ orgId: id, presets: presets.filter((p) => p.ownerType !== 'parentOrg'), members });
    } catch (err) {
      setError(refusalText(errorCode(err)));
    } finally {
      setBusy(false);
    }
  };

  const move = async (p: PresetView): Promise<void> => {
    if (!loaded) return;
    const target = targets[p.id] ?? 'org';
    setError(null);
    try {
      const moved = await api.movePreset(loaded.orgId, p.id, {
        ownerType: target === 'org' ? 'org' : 'user',
        ownerId: target === 'org' ? null : target,
      });
      setLoaded({ ...loaded, presets: withSaved(loaded.presets, moved) });
    } catch (err) {
      setError(refusalText(errorCode(err)));
    }
  };

  const owners = [
    { value: 'org', label: 'The office' },
    ...(loaded?.members ?? []).map((m) => ({ value: m.userId, label: m.name || m.email })),
  ];
  return (
    <Page title="Preset Migration">
      <form onSubmit={(e) => void load(e)}>
        <Group align="flex-end">
          <TextInput label="Organization ID" value={orgId} onChange={(e) => setOrgId(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={orgId.trim() === ''}>
            Load presets
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {loaded && loaded.presets.length === 0 && <Text size="sm">This office has no presets.</Text>}
      {loaded && (
        <Stack gap="xs" component="ul" aria-label="Presets" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {loaded.presets.map((p) => (
            <Paper key={p.id} withBorder p="sm" component="li">
              <Group justify="space-between" align="flex-end">
                <Group gap="xs">
                  <Text fw={600}>{p.name}</Text>
                  <Badge variant="outline" color="dark">
                    {ownerPillText(p)}
                  </Badge>
                </Group>
                <Group gap="xs" align="flex-end">
                  <Select
                    label={`New owner of ${p.name}`}
                    data={owners}
                    value={targets[p.id] ?? 'org'}
                    allowDeselect={false}
                    onChange={(v) => v && setTargets((t) => ({ ...t, [p.id]: v }))}
                  />
                  <Button variant="light" onClick={() => void move(p)}>
                    Move
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Page>
  );
}
