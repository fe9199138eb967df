import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { FORM_TEXTS } from '@vigil/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { errorCode } from '../../session/errors.js';
import * as api from './api.js';
import { formErrorText } from './formTexts.js';
import { useOrgForms } from './hooks.js';
import {
  attachableForms,
  contractPdfUrl,
  taskContractId,
  taskFormId,
  taskStatus,
  taskStatusColour,
  type FormTask,
} from './tasks.js';

/** How often the open list asks for the tasks' status (a patient signing shows within this). */
const TASK_REFRESH_MS = 5000;

export interface AppointmentFormsProps {
  orgId: string;
  appointmentId: string;
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

/**
 * The forms of one appointment (issue 28; spec 000 §3 Appointment task, §7): attach the
 * organisation's forms (addFormTasksToAppointment), send each to the patient by text message or
 * email (sendAppointmentForm: 'Failed to send' unless the task is then 'sent'), see each task's
 * status and the signed contract's PDF, and remove a task (deleteAppointmentTask).
 */
export function AppointmentForms({ orgId, appointmentId, contact }: AppointmentFormsProps): ReactNode {
  const forms = useOrgForms(orgId);
  const [tasks, setTasks] = useState<FormTask[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState<string | null>(null);

  const load = useCallback(async (): Promise<void> => {
    try {
      setTasks(await api.fetchAppointmentTasks(orgId, appointmentId));
      setLoadError(null);
    } catch (err) {
      setLoadError(formErrorText(errorCode(err)));
    }
  }, [orgId, appointmentId]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), TASK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const formName = (id: string | null): string => forms.forms.find((f) => f.id === id)?.name ?? 'Form';
  const attachable = attachableForms(forms.forms, tasks ?? []);

  const attach = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      setTasks(await api.addFormTasksToAppointment(orgId, appointmentId, chosen));
      setChosen([]);
    } catch (err) {
      setError(formErrorText(errorCode(err)));
    }
    setBusy(false);
  };

  const send = async (task: FormTask, to: string, channel: 'email' | 'sms'): Promise<void> => {
    setError(null);
    try {
      const sent = await api.sendAppointmentForm(orgId, appointmentId, task.id ?? '', to, channel);
      if (taskStatus(sent) !== 'sent') throw new Error(FORM_TEXTS.failedToSend);
      setTasks((list) => (list ?? []).map((t) => (t.id === sent.id ? sent : t)));
      setSending(null);
    } catch {
      setError(FORM_TEXTS.failedToSend);
    }
  };

  const remove = async (task: FormTask): Promise<void> => {
    setError(null);
    try {
      setTasks(await api.deleteAppointmentTask(orgId, appointmentId, task.id ?? ''));
    } catch (err) {
      setError(formErrorText(errorCode(err)));
    }
  };

  if (tasks === null) {
    return loadError ? (
      <Alert color="red" role="alert">
        {loadError}
      </Alert>
    ) : (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Group>
    );
  }

  return (
    <Stack gap="sm">
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
                const status = taskStatus(t);
                const contractId = taskContractId(t);
                return (
                  <Table.Tr key={t.id} data-testid="form-task">
                    <Table.Td>{formName(taskFormId(t))}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={taskStatusColour(status)} data-testid="form-task-status">
                        {status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {sending === t.id ? (
                        <SendForm
                          contact={contact}
                          onSend={(to, ch) => send(t, to, ch)}
                          onCancel={() => setSending(null)}
                        />
                      ) : (
                        <Group gap="xs">
                          {contractId && (
                            <Anchor href={contractPdfUrl(orgId, contractId)} target="_blank" rel="noopener">
                              Signed contract (PDF)
                            </Anchor>
                          )}
                          {status !== 'completed' && (
                            <Button size="compact-md" mih={44} variant="light" onClick={() => setSending(t.id ?? null)}>
                              {status === 'sent' ? 'Send again' : 'Send'}
                            </Button>
                          )}
                          {status !== 'completed' && (
                            <Button
                              size="compact-md"
                              mih={44}
                              variant="subtle"
                              color="red"
                              aria-label={`Remove ${formName(taskFormId(t))}`}
                              onClick={() => void remove(t)}
                            >
                              Remove
                            </Button>
                          )}
                        </Group>
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
