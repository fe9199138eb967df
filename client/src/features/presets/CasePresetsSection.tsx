import { Button, Group, Stack, Text } from '@mantine/core';
import { pickPresetItems, presetItems, presetMacroFromCase, type PresetMacro, type PresetView } from '@vigil/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyPresets, readCase, type AppliedPresets } from '../../case/index.js';
import { SectionFrame } from '../../ui/SectionFrame.js';
import type { CaseSectionProps } from '../cases/index.js';
import { useSedationLevelLimit } from '../cases/index.js';
import { usePresets } from './hooks.js';
import { toggleChosen, unusableText, usablePresets, withSaved, type UsablePreset } from './model.js';
import { PresetDialog } from './PresetDialog.js';
import { PresetListItem } from './PresetListItem.js';
import { usePresetOwners } from './usePresetOwners.js';

/** The section's anchor for the case screen's navigation. */
export const CASE_PRESETS_SECTION_ID = 'case-presets';

interface DialogState {
  macro: PresetMacro;
  original: { id: string | null; name: string };
  /** A line of the case was open for editing when the dialog opened. */
  editing: boolean;
}

/** Whether some line of the case is still open for editing (a pre-med being typed): saving waits for it. */
function caseEditing(data: Record<string, unknown>): boolean {
  const preMeds = Array.isArray(data.preMeds) ? (data.preMeds as { editing?: unknown }[]) : [];
  return preMeds.some((p) => p?.editing === true);
}

/**
 * Presets on the case screen (issue 39; spec 002 §2, §6): save the case as a preset, and apply
 * presets: tick them in the order wanted (each shows its number), choose each one's portions in
 * its details, and apply them in one change of the case, which Undo takes back. The list is kept
 * on the device, so presets apply offline too.
 */
export function CasePresetsSection({ doc, readOnly, context }: CaseSectionProps): ReactNode {
  const { orgId } = context;
  const state = usePresets(orgId);
  const { maxLevel } = useSedationLevelLimit(orgId);
  const owners = usePresetOwners(orgId);
  const presets = useMemo(() => usablePresets(state.presets ?? []), [state.presets]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [portions, setPortions] = useState<Record<string, Set<string>>>({});
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [applied, setApplied] = useState<{ result: AppliedPresets; names: string[] } | null>(null);
  // The one preset of the user's the case was started from: saving offers to update it (spec 002 §4).
  const [source, setSource] = useState<{ id: string; name: string } | null>(null);
  const locked = readOnly || !doc;
  // An undo left unused stops following the case when another application replaces it or the screen closes.
  useEffect(() => () => applied?.result.forget(), [applied]);

  const portionsOf = (p: UsablePreset): Set<string> =>
    portions[p.view.id] ?? new Set(p.macro ? presetItems(p.macro).map((i) => i.key) : []);

  const apply = (): void => {
    if (!doc) return;
    const picked = chosen
      .map((id) => presets.find((p) => p.view.id === id))
      .filter((p): p is UsablePreset => p !== undefined && p.macro !== null && unusableText(p, maxLevel) === null);
    const result = applyPresets(
      doc,
      picked.map((p) => pickPresetItems(p.macro!, portionsOf(p))),
    );
    setApplied({ result, names: picked.map((p) => p.view.name) });
    const only = picked.length === 1 ? picked[0]!.view : null;
    setSource(only?.editable ? { id: only.id, name: only.name } : null);
    setChosen([]);
  };

  const saved = (view: PresetView): void => state.set(withSaved(state.presets ?? [], view));

  return (
    <SectionFrame
      id={CASE_PRESETS_SECTION_ID}
      title="Presets"
      aside={
        <Button
          size="xs"
          variant="light"
          disabled={locked}
          onClick={() => {
            // The case is read when the dialog opens, not on every change of the case screen.
            const data = doc ? readCase(doc) : {};
            setDialog({
              macro: presetMacroFromCase(data),
              original: source ?? { id: null, name: '' },
              editing: caseEditing(data),
            });
          }}
        >
          Save as preset
        </Button>
      }
    >
      {state.loading && state.presets === null && (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      )}
      {state.fromCache && (
        <Text size="sm" c="dimmed">
          Offline: the presets this device last read.
        </Text>
      )}
      {state.presets !== null && presets.length === 0 && (
        <Text size="sm" c="dimmed">
          No presets yet: chart a case and save it as a preset.
        </Text>
      )}
      {presets.length > 0 && (
        <Stack gap="xs" component="ul" aria-label="Presets" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {presets.map((p) => (
            <PresetListItem
              key={p.view.id}
              preset={p}
              order={chosen.includes(p.view.id) ? chosen.indexOf(p.view.id) + 1 : null}
              onToggle={() => setChosen((c) => toggleChosen(c, p.view.id))}
              unusable={unusableText(p, maxLevel)}
              portions={portionsOf(p)}
              onPortions={(next) => setPortions((all) => ({ ...all, [p.view.id]: next }))}
              onEdit={() =>
                p.macro && setDialog({ macro: p.macro, original: { id: p.view.id, name: p.view.name }, editing: false })
              }
              disabled={locked}
            />
          ))}
        </Stack>
      )}
      <Group gap="xs">
        <Button size="sm" disabled={locked || chosen.length === 0} onClick={apply}>
          {chosen.length > 1 ? `Apply ${chosen.length} presets` : 'Apply preset'}
        </Button>
        {applied && (
          <>
            <Text size="sm" role="status" data-testid="presets-applied">
              Applied {applied.names.join(', ')}.
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={locked}
              onClick={() => {
                applied.result.undo();
                setApplied(null);
              }}
            >
              Undo
            </Button>
          </>
        )}
      </Group>
      {dialog && (
        <PresetDialog
          orgId={orgId}
          macro={dialog.macro}
          original={dialog.original}
          editing={dialog.editing}
          owners={owners}
          onSaved={saved}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionFrame>
  );
}
