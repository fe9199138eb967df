import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  appointmentActorId,
  appointmentTasks,
  FORM_TEXTS,
  tasksWithContracts,
  type Appointment,
  type AppointmentTask,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { cacheResources } from '../../data/db.js';
import { useCachedResources } from '../../data/useResources.js';
import { errorCode } from '../../session/errors.js';
import * as api from './api.js';
import { FormQrCode } from './FormQrCode.js';
import { formErrorText } from './formTexts.js';
import { useOrgForms } from './hooks.js';
import { attachableForms, contractPdfUrl, formTasks, taskContractId, taskStatusColour } from './tasks.js';

export interface AppointmentFormsProps {
  orgId: string;
  /** The appointment as cached (its tasks are its task extensions; live events keep it current). */
  appointment: Appointment;
  /** The patient's email and mobile number, offered as where to send. */
  contact: { email: string | null; mobile: string | null };
}

/** The send form of one task: email or SMS, and the address or number. */
function SendForm({
  contact,
  onSend,
  onCancel,
}: {
  contact: AppointmentFormsProps['contact'];
  onSend: (to: string, channel: 'email' | 'sms') => Promise<void>;
  onCancel: () => void;
}): ReactNode {
  const [channel, setChannel] = useState<'email' | 'sms'>(contact.mobile || !contact.email ? 'sms' : 'email');
  const [to, setTo] = useState((channel === 'sms' ? contact.mobile : contact.email) ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Send by"
        value={channel}
        onChange={(v) => {
          const next = v === 'email' ? 'email' : 'sms';
          setChannel(next);
          setTo((next === 'sms' ? contact.mobile : contact.email) ?? '');
        }}
        data={[
          { value: 'sms', label: 'Text message (SMS)' },
          { value: 'email', label: 'Email' },
        ]}
      />
      <TextInput
        label={channel === 'sms' ? 'Mobile number' : 'Email address'}
        value={to}
        type={channel === 'sms' ? 'tel' : 'email'}
        onChange={(e) => setTo(e.currentTarget.value)}
        styles={{ input: { minHeight: 44 } }}
      />
      <Group>
        <Button
          mih={44}
          loading={busy}
          disabled={to.trim() === ''}
          onClick={() => {
            setBusy(true);
            void onSend(to.trim(), channel).finally(() => setBusy(false));
          }}
        >
          Send
        </Button>
        <Button mih={44} variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** One task's actions: its signed contract, send (again), show as a QR code, remove. */
function TaskActions({
  task,
  name,
  contractUrl,
  onSend,
  onQr,
  onRemove,
}: {
  task: AppointmentTask;
  name: string;
  contractUrl: string | null;
  onSend: () => void;
  onQr: () => void;
  onRemove: () => void;
}): ReactNode {
  return (
    <Group gap="xs">
      {contractUrl && (
        <Anchor href={contractUrl} target="_blank" rel="noopener">
          Signed contract (PDF)
        </Anchor>
      )}
      {task.status !== 'completed' && (
        <Button size="compact-md" mih={44} variant="light" onClick={onSend}>
          {task.status === 'sent' || task.status === 'opened' ? 'Send again' : 'Send'}
        </Button>
      )}
      {task.status !== 'completed' && (
        <Button size="compact-md" mih={44} variant="light" aria-label={`Show ${name} as a QR code`} onClick={onQr}>
          QR code
        </Button>
      )}
      {task.status !== 'completed' && (
        <Button
          size="compact-md"
          mih={44}
          variant="subtle"
          color="red"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

/**
 * The forms of one appointment (issue 28; spec 000 §3 Appointment task, §7): attach the
 * organisation's forms (addFormTasksToAppointment), send each to the patient by text message or
 * email (sendAppointmentForm: 'Failed to send' unless the task is then 'sent'), see each task's
 * status and the signed contract's PDF, and remove a task (deleteAppointmentTask). Each call
 * answers the Appointment, which goes into the device's cache; a patient signing reaches the list
 * through the live events of the Appointment and of the Contract, which completes its task even
 * once the case is signed and its Appointment no longer changes (PF7).
 */
export function AppointmentForms({ orgId, appointment, contact }: AppointmentFormsProps): ReactNode {
  const forms = useOrgForms(orgId);
  const appointmentId = appointment.id ?? '';
  const patientId = appointmentActorId(appointment, 'Patient');
  const contracts = useCachedResources(orgId, 'Contract', { subject: `Patient/${patientId ?? ''}` });
  const tasks = formTasks(tasksWithContracts(appointmentId, appointmentTasks(appointment), contracts.data ?? []));
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [qr, setQr] = useState<{ url: string; expiresAt: number; formName: string } | null>(null);

  const formName = (t: AppointmentTask): string => t.title ?? forms.forms.find((f) => f.id === t.extId)?.name ?? 'Form';
  const attachable = attachableForms(forms.forms, tasks);
  const answered = async (call: () => Promise<Appointment>, fallback?: string): Promise<boolean> => {
    setError(null);
    try {
      await cacheResources(orgId, [await call()]);
      return true;
    } catch (err) {
      setError(fallback ?? formErrorText(errorCode(err)));
      return false;
    }
  };

  const attach = async (): Promise<void> => {
    setBusy(true);
    if (await answered(() => api.addFormTasksToAppointment(orgId, appointmentId, chosen))) setChosen([]);
    setBusy(false);
  };

  const send = async (task: AppointmentTask, to: string, channel: 'email' | 'sms'): Promise<void> => {
    const ok = await answered(async () => {
      const updated = await api.sendAppointmentForm(orgId, appointmentId, task.id, to, channel);
      // Spec 000 §8: the send failed unless the task is now 'sent'.
      if (appointmentTasks(updated).find((t) => t.id === task.id)?.status !== 'sent') {
        throw new Error(FORM_TEXTS.failedToSend);
      }
      return updated;
    }, FORM_TEXTS.failedToSend);
    if (ok) setSending(null);
  };

  const showQr = async (task: AppointmentTask): Promise<void> => {
    await answered(async () => {
      const { appointment, url, expiresAt } = await api.showAppointmentFormQr(orgId, appointmentId, task.id);
      setQr({ url, expiresAt, formName: formName(task) });
      return appointment;
    });
  };

  return (
    <Stack gap="sm">
      {qr && (
        <Modal opened onClose={() => setQr(null)} title="Scan to open the form" closeOnClickOutside={false}>
          <FormQrCode {...qr} />
        </Modal>
      )}
      {tasks.length === 0 ? (
        <Text c="dimmed">No forms attached to this appointment.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label="Forms of this appointment">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Form</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.map((t) => {
                const contractId = taskContractId(t);
                return (
                  <Table.Tr key={t.id} data-testid="form-task">
                    <Table.Td>{formName(t)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge variant="light" color={taskStatusColour(t.status)} data-testid="form-task-status">
                          {t.status}
                        </Badge>
                        {t.statusText && (
                          <Text size="xs" c="dimmed">
                            {t.statusText}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {sending === t.id ? (
                        <SendForm
                          contact={contact}
                          onSend={(to, ch) => send(t, to, ch)}
                          onCancel={() => setSending(null)}
                        />
                      ) : (
                        <TaskActions
                          task={t}
                          name={formName(t)}
                          contractUrl={contractId ? contractPdfUrl(orgId, contractId) : null}
                          onSend={() => setSending(t.id)}
                          onQr={() => void showQr(t)}
                          onRemove={() => void answered(() => api.deleteAppointmentTask(orgId, appointmentId, t.id))}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {forms.state === 'error' ? (
        <Text size="sm" c="red.8">
          The organization's forms could not be loaded.
        </Text>
      ) : attachable.length > 0 ? (
        <Group align="flex-end">
          <MultiSelect
            label="Attach forms"
            placeholder="Choose forms"
            data={attachable.map((f) => ({ value: f.id, label: f.name }))}
            value={chosen}
            onChange={setChosen}
            style={{ flex: 1, minWidth: 220 }}
            styles={{ input: { minHeight: 44 } }}
          />
          <Button mih={44} disabled={chosen.length === 0} loading={busy} onClick={() => void attach()}>
            Attach
          </Button>
        </Group>
      ) : forms.state === 'empty' ? (
        <Text size="sm" c="dimmed">
          The organization has no forms yet.
        </Text>
      ) : null}
    </Stack>
  );
}
