// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { presetMacroSchema, type PresetView } from '@vigil/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../ui/theme.js';
import * as api from './api.js';
import { PresetDialog, type PresetDialogProps } from './PresetDialog.js';

vi.mock('./api.js', () => ({ createPreset: vi.fn(), updatePreset: vi.fn() }));

const macro = presetMacroSchema().parse({
  values: { sedationLevel: 'moderate' },
  parenDrugs: [{ drugId: 'midazolam', name: 'Midazolam', route: 'IV', unit: 'mg', dose: 2, draw: null }],
});
const saved: PresetView = {
  id: 'pre-1',
  name: 'Moderate',
  ownerType: 'user',
  ownerId: 'u1',
  ownerName: 'Dr A',
  macroJSON: '{}',
  editable: true,
  updated: '2026-01-01T00:00:00.000Z',
};

function open(over: Partial<PresetDialogProps> = {}): { onClose: ReturnType<typeof vi.fn> } {
  const onClose = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <PresetDialog
        orgId="office"
        macro={macro}
        original={{ id: null, name: '' }}
        editing={false}
        owners={[{ value: 'me', label: 'Me', ownerType: 'user', ownerId: null }]}
        onSaved={() => undefined}
        onClose={onClose}
        {...over}
      />
    </MantineProvider>,
  );
  return { onClose };
}

const saveButton = (): HTMLButtonElement => screen.getByRole('button', { name: 'Save' });
const blockText = (): string | null => screen.queryByTestId('preset-save-block')?.textContent ?? null;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('the save as preset dialog (spec 002 §2, §4, §5)', () => {
  it('[SL4] blocks saving with the spec texts: no name, nothing selected, still editing', () => {
    open();
    expect(screen.getByText('Save as preset')).toBeTruthy();
    expect(blockText()).toBe('Must specify a preset name.');
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Preset name'), { target: { value: 'Moderate' } });
    expect(blockText()).toBeNull();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(blockText()).toBe('Nothing has been selected to save.');
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(blockText()).toBeNull();
    cleanup();
    open({ editing: true });
    expect(blockText()).toBe('Finish editing before saving.');
  });

  it('[PS3] saves only the ticked items, shows saving then saved, and closes itself after 2 s', async () => {
    vi.useFakeTimers();
    let answer: (v: PresetView) => void = () => undefined;
    vi.mocked(api.createPreset).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { onClose } = open();
    fireEvent.change(screen.getByLabelText('Preset name'), { target: { value: 'Moderate' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Midazolam/ }));
    fireEvent.click(saveButton());
    expect(screen.getByTestId('preset-save-status').textContent).toBe('Saving...');
    expect(saveButton().disabled).toBe(true);
    expect(api.createPreset).toHaveBeenCalledWith('office', {
      name: 'Moderate',
      macro: { ...macro, parenDrugs: [] },
      ownerType: 'user',
      ownerId: null,
    });
    await act(() => {
      answer(saved);
      return Promise.resolve();
    });
    expect(screen.getByTestId('preset-save-status').textContent).toBe('Preset saved');
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('[PS7] opens a preset with an id in update mode; new clears the name, update restores it; Done closes', () => {
    const { onClose } = open({ original: { id: 'pre-1', name: 'Moderate' } });
    expect(screen.getByText('Update preset')).toBeTruthy();
    const name = screen.getByLabelText<HTMLInputElement>('Preset name');
    expect(name.value).toBe('Moderate');
    fireEvent.click(screen.getByText('Save as a new preset'));
    expect(screen.getByText('Save as preset')).toBeTruthy();
    expect(name.value).toBe('');
    fireEvent.click(screen.getByText('Update this preset'));
    expect(name.value).toBe('Moderate');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
