import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  PRESET_DIALOG_TEXTS,
  PRESET_DIALOG_WIDTH_PX,
  PRESET_LIMITS,
  PRESET_SAVED_CLOSE_MS,
  officeOrderedItems,
  pickPresetItems,
  presetDialogName,
  presetItems,
  presetSaveBlock,
  refusalText,
  type PresetMacro,
  type PresetSaveOwnerType,
  type PresetView,
} from '@vigil/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { useOfficeDrugs } from '../../data/officeDrugs.js';
import * as api from './api.js';
import { PresetItemsEditor } from './PresetItemsEditor.js';

/** Whom a new preset may be saved for: the user, another member (by user id), or the office. */
export interface PresetOwnerChoice {
  value: string;
  label: string;
  ownerType: PresetSaveOwnerType;
  ownerId: string | null;
}

export interface PresetDialogProps {
  orgId: string;
  /** What may be saved: the case's macro (save) or the preset's (update). */
  macro: PresetMacro;
  /** The preset being updated; id null for a new one. */
  original: { id: string | null; name: string };
  /** Something is still being edited (a pre-med line open): saving waits (spec 002 §5). */
  editing: boolean;
  owners: readonly PresetOwnerChoice[];
  onSaved: (preset: PresetView) => void;
  onClose: () => void;
}

type Status = 'idle' | 'saving' | 'saved';

/** Texts of the refusals this dialog gives a meaning to. */
const REFUSALS = {
  INVALID_PRESET_MACRO: 'This preset holds something the case data does not allow.',
  PRESET_NOT_EDITABLE: 'This preset belongs to a parent organization and is read-only here.',
  NETWORK_ERROR: 'Saving a preset needs the network. Try again once online.',
};

/**
 * The save / update preset dialog (spec 002 §2, §4, §5): 500 px, "Save as preset" or "Update
 * preset"; update when the preset has an id (switching to new clears the name, back to update
 * restores it); per-item checkboxes with Select All / Deselect All; the blocking texts; saving,
 * then saved, then it closes itself after 2 s; Done closes.
 */
export function PresetDialog(props: PresetDialogProps): ReactNode {
  const { orgId, macro, original, editing, owners, onSaved, onClose } = props;
  // [OD3] The office's drugs first (customize-drugs).
  const office = useOfficeDrugs(orgId);
  const items = useMemo(() => officeOrderedItems(presetItems(macro), macro, office), [macro, office]);
  const [{ mode, name }, setNaming] = useState(() => presetDialogName('update', original));
  const [owner, setOwner] = useState(owners[0]?.value ?? '');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(items.map((i) => i.key)));
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const block = presetSaveBlock({ editing, saving: status === 'saving', name, selectedCount: chosen.size });

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(onClose, PRESET_SAVED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);

  const save = async (): Promise<void> => {
    if (block.disabled || status !== 'idle') return;
    setStatus('saving');
    setError(null);
    const picked = pickPresetItems(macro, chosen);
    try {
      const choice = owners.find((o) => o.value === owner) ?? owners[0];
      const saved =
        mode === 'update' && original.id
          ? await api.updatePreset(orgId, original.id, name.trim(), picked)
          : await api.createPreset(orgId, {
              name: name.trim(),
              macro: picked,
              ownerType: choice?.ownerType ?? 'user',
              ownerId: choice?.ownerId ?? null,
            });
      onSaved(saved);
      setStatus('saved');
    } catch (err) {
      setError(refusalText(errorCode(err), REFUSALS));
      setStatus('idle');
    }
  };

  const title = mode === 'update' ? PRESET_DIALOG_TEXTS.updateTitle : PRESET_DIALOG_TEXTS.saveTitle;
  return (
    <Modal opened onClose={onClose} title={title} size={PRESET_DIALOG_WIDTH_PX}>
      <Stack gap="sm">
        {original.id !== null && (
          <SegmentedControl
            aria-label="Update or save as new"
            value={mode}
            disabled={status !== 'idle'}
            onChange={(v) => setNaming(presetDialogName(v === 'update' ? 'update' : 'new', original))}
            data={[
              { value: 'update', label: 'Update this preset' },
              { value: 'new', label: 'Save as a new preset' },
            ]}
          />
        )}
        <TextInput
          label="Preset name"
          value={name}
          maxLength={PRESET_LIMITS.name}
          disabled={status !== 'idle'}
          onChange={(e) => setNaming({ mode, name: e.currentTarget.value })}
        />
        {mode === 'new' && owners.length > 1 && (
          <Select
            label="Save for"
            data={owners.map((o) => ({ value: o.value, label: o.label }))}
            value={owner}
            allowDeselect={false}
            disabled={status !== 'idle'}
            onChange={(v) => v && setOwner(v)}
          />
        )}
        <PresetItemsEditor
          items={items}
          chosen={chosen}
          onChange={setChosen}
          label="What the preset holds"
          disabled={status !== 'idle'}
        />
        {block.message && (
          <Text size="sm" c="red.9" role="status" data-testid="preset-save-block">
            {block.message}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {status !== 'idle' && (
          <Text size="sm" role="status" data-testid="preset-save-status">
            {status === 'saving' ? PRESET_DIALOG_TEXTS.saving : PRESET_DIALOG_TEXTS.saved}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {PRESET_DIALOG_TEXTS.done}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={block.disabled || status !== 'idle'}
            loading={status === 'saving'}
          >
            {mode === 'update' ? 'Update' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
