// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../ui/theme.js';
import * as api from './api.js';
import { EntryDialog } from './EntryDialog.js';

vi.mock('./api.js', async (original) => ({
  ...(await original<typeof api>()),
  recordEntry: vi.fn(),
}));

const LOT: api.InventoryLot = {
  id: 'lot-1',
  inventoryId: 'inv-1',
  drug: 'Midazolam',
  strength: '5 mg/mL',
  schedule: 'IV',
  lotNumber: 'MDZ1',
  expiry: '2030-01-31',
  unit: 'mg',
  packageAmount: 10,
  gtin: null,
  ndc: null,
  serialNumber: null,
  balance: 40,
  expired: false,
  expiringSoon: false,
};

afterEach(cleanup);

describe('the Administer dialog (issue 35 item 5)', () => {
  it('names no case, even when opened from one, so a dose charted in the case is not counted twice', async () => {
    const recordEntry = vi.mocked(api.recordEntry).mockResolvedValue({ id: 'led-1' } as api.LedgerEntry);
    const onDone = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <EntryDialog
          orgId="office"
          lot={LOT}
          kind="administer"
          caseId="apt-1"
          onClose={() => undefined}
          onDone={onDone}
        />
      </MantineProvider>,
    );
    expect(screen.queryByRole('textbox', { name: 'Case' })).toBeNull();
    expect(screen.getByText(/A dose given in a case is charted in the case/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Quantity/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Administer' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(recordEntry).toHaveBeenCalledWith(
      'office',
      expect.objectContaining({ kind: 'administer', quantity: 2, caseId: null }),
    );
  });
});
