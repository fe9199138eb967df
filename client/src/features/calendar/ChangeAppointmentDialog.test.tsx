// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../data/graphql.js';
import type { AppointmentView } from '../../ui/appointmentView.js';
import { theme } from '../../ui/theme.js';
import * as changes from './appointmentChanges.js';
import { ChangeAppointmentDialog } from './ChangeAppointmentDialog.js';

vi.mock('./appointmentChanges.js', async (original) => ({
  ...(await original<typeof changes>()),
  changeAppointment: vi.fn(),
}));

const VIEW: AppointmentView = {
  id: 'apt-1',
  patientId: 'pat-1',
  patient: 'Marisol Quintero',
  description: '',
  providerId: 'prc-1',
  provider: 'Dr Ada Shaw',
  locationId: null,
  place: null,
  status: 'booked',
  finalized: false,
  statusLabel: 'booked',
  colour: 'cyan',
  state: 'future',
  stateLabel: 'Upcoming',
  strikethrough: false,
  start: new Date(2027, 2, 4, 9, 0),
  end: new Date(2027, 2, 4, 10, 0),
  day: '2027-03-04',
};

function open(onClose = vi.fn(), view: AppointmentView = VIEW): ReturnType<typeof vi.fn> {
  render(
    <MantineProvider theme={theme}>
      <ChangeAppointmentDialog
        orgId="office"
        view={view}
        providerOptions={[{ value: 'prc-1', label: 'Dr Ada Shaw' }]}
        placeOptions={[]}
        describe={(id) => (id === 'apt-2' ? 'Ana Lopez, 9:30 AM – 10:30 AM' : 'another appointment')}
        onClose={onClose}
      />
    </MantineProvider>,
  );
  return onClose;
}

afterEach(() => {
  cleanup();
  vi.mocked(changes.changeAppointment).mockReset();
});

describe('the change-appointment dialog (issue 40)', () => {
  it('words a refusal (a case already started) and keeps what was typed', async () => {
    vi.mocked(changes.changeAppointment).mockRejectedValue(new RequestError('CASE_STARTED', 409));
    const onClose = open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason for cancelling' }), {
      target: { value: 'Patient has the flu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('This case has already started'),
    );
    expect(changes.changeAppointment).toHaveBeenCalledWith('office', 'apt-1', {
      kind: 'cancel',
      body: { reason: 'Patient has the flu' },
    });
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reason for cancelling' }).value).toBe(
      'Patient has the flu',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a reason before cancelling, and sends nothing without one', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(screen.getByText('Give a reason for the cancellation.')).toBeTruthy();
    expect(changes.changeAppointment).not.toHaveBeenCalled();
  });

  it('shows the double booking a move made and stays open; a no-show without one closes', async () => {
    vi.mocked(changes.changeAppointment).mockResolvedValueOnce({
      appointment: { resourceType: 'Appointment', id: 'apt-1', status: 'booked', participant: [] },
      conflicts: [
        { appointmentId: 'apt-2', kind: 'provider', start: '2027-03-04T09:30:00Z', end: '2027-03-04T10:30:00Z' },
      ],
    });
    const onClose = open();
    fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new time' }));
    const warning = await screen.findByTestId('double-booking');
    expect(warning.textContent).toContain('The same provider is booked for Ana Lopez, 9:30 AM – 10:30 AM.');
    expect(onClose).not.toHaveBeenCalled();
    expect(vi.mocked(changes.changeAppointment).mock.calls[0]![2]).toEqual({
      kind: 'reschedule',
      body: {
        start: new Date(2027, 2, 4, 9, 30).toISOString(),
        end: new Date(2027, 2, 4, 10, 0).toISOString(),
        providerId: 'prc-1',
        locationId: null,
      },
    });
    vi.mocked(changes.changeAppointment).mockResolvedValueOnce({
      appointment: { resourceType: 'Appointment', id: 'apt-1', status: 'noshow', participant: [] },
      conflicts: [],
    });
    fireEvent.click(screen.getByRole('button', { name: 'No-show' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says at once that a finalized case’s appointment stays, and offers no change', () => {
    open(vi.fn(), { ...VIEW, finalized: true, statusLabel: 'finalized', colour: 'green' });
    expect(screen.getByText('This case is finalized: its appointment stays as it was signed.')).toBeTruthy();
    for (const name of ['Save new time', 'No-show', 'Cancel appointment', 'Entered in error']) {
      expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
    }
  });
});
