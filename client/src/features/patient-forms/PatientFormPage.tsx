import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { stillMissing, type FieldAnswers } from './answers.js';
import * as api from './api.js';
import { clearDraft, clearStaleDrafts, readDraft, writeDraft } from './draft.js';
import { FormView } from './FormView.js';
import { submitValues } from './submit.js';
import { signaturePng } from './signaturePng.js';

/** The contract's loading error (spec 000 §8). */
export const LOADING_ERROR = 'Error, loading document. Please refresh the page.';

/** [FC15] What the patient is told when the link cannot be opened, by the server's code. */
export function linkErrorText(code: string, orgName = 'the office'): string {
  switch (code) {
    case 'LINK_NOT_FOUND':
      return `This link is not valid. Please ask ${orgName} to send you a new one.`;
    case 'LINK_EXPIRED':
      return `This link has expired. Please ask ${orgName} to send you a new one.`;
    case 'LINK_USED':
      return 'This form has already been completed. Thank you.';
    case 'CHALLENGE_LOCKED':
      return `Too many tries with a birth date that does not match. Please call ${orgName}.`;
    default:
      return LOADING_ERROR;
  }
}

/** [FC15] What the patient is told when a submit fails; their answers stay on the page. */
export function submitErrorText(code: string, orgName = 'the office'): string {
  switch (code) {
    case 'NETWORK_ERROR':
      return 'Your form could not be sent: there is no connection. Your answers are kept; try again when you are online.';
    case 'INCOMPLETE':
      return 'Something is still missing:';
    case 'INVALID_INPUT':
      return 'Some answers could not be accepted. Please check them and try again.';
    case 'LINK_EXPIRED':
    case 'LINK_USED':
    case 'LINK_NOT_FOUND':
    case 'CHALLENGE_LOCKED':
      return linkErrorText(code, orgName);
    default:
      return 'Your form could not be sent. Your answers are kept; please try again.';
  }
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  | { kind: 'challenge'; link: api.PatientLink }
  | { kind: 'form'; link: api.PatientLink; form: api.PatientForm; birthDate?: string }
  | { kind: 'done'; orgName: string };

/** Refusals after which the link can never take the answers: nothing is kept for it any longer. */
const LINK_GONE: readonly string[] = ['LINK_NOT_FOUND', 'LINK_EXPIRED', 'LINK_USED'];

/** What the patient is told if the form page itself falls over (issue 35): their answers are on the phone. */
export const FORM_CRASHED_TEXT =
  'Something went wrong on this page. Your answers are kept on this phone: reload the page to carry on.';

/**
 * [FC24] Catches a failure of the form page in place of the app's "Could not load", to say that
 * nothing typed is lost (the answers are on the device, draft.ts) and to offer the reload that brings them back.
 */
class FormBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Patient form failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" role="alert" title="Your answers are safe">
        <Stack gap="sm">
          <Text>{FORM_CRASHED_TEXT}</Text>
          <Button mih={44} w="fit-content" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      </Alert>
    );
  }
}

function Challenge({
  token,
  link,
  onOpened,
}: {
  token: string;
  link: api.PatientLink;
  onOpened: (form: api.PatientForm, birthDate: string) => void;
}): ReactNode {
  const [birthDate, setBirthDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (): Promise<void> => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
      setError('Enter your birth date.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { form } = await api.openPatientForm(token, birthDate);
      onOpened(form, birthDate);
    } catch (err) {
      const e = err instanceof api.PatientFormError ? err : new api.PatientFormError('UNKNOWN', 0);
      setError(
        e.code === 'CHALLENGE_FAILED'
          ? `That birth date does not match our records.${e.body.attemptsLeft === undefined ? '' : ` ${e.body.attemptsLeft} ${e.body.attemptsLeft === 1 ? 'try' : 'tries'} left.`}`
          : e.code === 'NETWORK_ERROR'
            ? 'There is no connection. Please try again.'
            : linkErrorText(e.code, link.orgName),
      );
      setBusy(false);
    }
  };
  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          Confirm your birth date
        </Title>
        <Text>{link.orgName} asks you to confirm the patient's birth date before the form opens.</Text>
        <TextInput
          type="date"
          label="Patient's birth date"
          value={birthDate}
          onChange={(e) => setBirthDate(e.currentTarget.value)}
          error={error}
          autoComplete="bday"
          styles={{ input: { minHeight: 44, fontSize: 16 } }}
        />
        <Button type="submit" mih={44} loading={busy}>
          Continue
        </Button>
      </Stack>
    </Card>
  );
}

function FillForm({
  token,
  link,
  form,
  birthDate,
  onDone,
}: {
  token: string;
  link: api.PatientLink;
  form: api.PatientForm;
  birthDate?: string;
  onDone: () => void;
}): ReactNode {
  const [answers, setAnswers] = useState<FieldAnswers>(() => readDraft(localStorage, token, Date.now()));
  const [accepted, setAccepted] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ text: string; missing: string[] } | null>(null);
  // Kept on the device as each answer changes, before anything renders it (FC24).
  const change = (next: FieldAnswers): void => {
    writeDraft(localStorage, token, next, Date.now());
    setAnswers(next);
  };
  const missing = stillMissing(form.fields, answers, accepted, form.checkboxText ?? undefined);

  const submit = async (): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      await api.submitPatientForm(token, {
        ...(birthDate ? { birthDate } : {}),
        accepted: true,
        values: submitValues(form.fields, answers, signaturePng),
      });
      clearDraft(localStorage, token);
      onDone();
    } catch (err) {
      const e = err instanceof api.PatientFormError ? err : new api.PatientFormError('UNKNOWN', 0);
      if (LINK_GONE.includes(e.code)) clearDraft(localStorage, token);
      setError({ text: submitErrorText(e.code, link.orgName), missing: e.body.missing ?? [] });
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Text c="dimmed">From {link.orgName}</Text>
      <FormView
        idPrefix="patient-form"
        name={form.name}
        markdown={form.markdown}
        fields={form.fields}
        values={form.values}
        answers={answers}
        onAnswers={change}
        accepted={accepted}
        onAccepted={setAccepted}
        disabled={sending}
        acceptanceText={form.checkboxText ?? undefined}
      />
      {error && (
        <Alert color="red" role="alert">
          <Text>{error.text}</Text>
          {error.missing.length > 0 && (
            <ul>
              {error.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {sending && (
        <Stack gap={4} role="status">
          <Text size="sm">Sending your form...</Text>
          <Progress value={100} animated striped aria-label="Sending your form" />
        </Stack>
      )}
      <Button size="lg" mih={48} disabled={missing.length > 0 || sending} onClick={() => void submit()}>
        Sign and Submit
      </Button>
    </Stack>
  );
}

/**
 * /patient-form/{token}: the patient's phone page (issue 28; no account). The birth-date
 * challenge when the form asks for it, then the form (FormView), 'Still Missing:' until complete,
 * and Sign and Submit with its progress; every answer is kept on the phone until the server has
 * it (FC24), through a failed submit, a reload or a failure of the page.
 */
export function PatientFormPage(): ReactNode {
  const { token = '' } = useParams();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    clearStaleDrafts(localStorage, Date.now());
    api.fetchPatientLink(token).then(
      (link) => {
        if (!live) return;
        if (link.form) setStage({ kind: 'form', link, form: link.form });
        else setStage({ kind: 'challenge', link });
      },
      (err: unknown) => {
        const code = err instanceof api.PatientFormError ? err.code : 'UNKNOWN';
        if (LINK_GONE.includes(code)) clearDraft(localStorage, token);
        if (live) setStage({ kind: 'failed', text: linkErrorText(code) });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Page title="Your Form">
      {stage.kind === 'loading' && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      )}
      {stage.kind === 'failed' && (
        <Alert color="red" role="alert">
          {stage.text}
        </Alert>
      )}
      {stage.kind === 'challenge' && (
        <Challenge
          token={token}
          link={stage.link}
          onOpened={(form, birthDate) => setStage({ kind: 'form', link: stage.link, form, birthDate })}
        />
      )}
      {stage.kind === 'form' && (
        <FormBoundary>
          <FillForm
            token={token}
            link={stage.link}
            form={stage.form}
            birthDate={stage.birthDate}
            onDone={() => setStage({ kind: 'done', orgName: stage.link.orgName })}
          />
        </FormBoundary>
      )}
      {stage.kind === 'done' && (
        <Alert color="green" title="Thank you" role="status">
          Your form was sent to {stage.orgName}. You can close this page.
        </Alert>
      )}
    </Page>
  );
}
