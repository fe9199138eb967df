import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formFieldsFromOptions, MARKDOWN_EDITOR, type OrgFormField } from '@vigil/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import { errorCode } from '../../session/errors.js';
import { useOrgFeatureValues } from '../../data/orgSettings.js';
import { EMPTY_ANSWERS, type FieldAnswers } from '../patient-forms/index.js';
import { FormView } from '../patient-forms/index.js';
import * as api from './api.js';
import { FieldList } from './FieldList.js';
import { draftErrors, EMPTY_DRAFT, type FormDraft } from './formModel.js';
import { formErrorText, formsOwner } from './formTexts.js';
import { useOrgForms } from './hooks.js';
import { MarkdownEditor } from './MarkdownEditor.js';

/** A saved form as the builder edits it. */
function draftOf(form: api.OrgForm): FormDraft {
  return {
    name: form.name,
    markdown: form.markdown,
    challenge: form.challenge,
    addToAll: form.addToAll,
    includeHealthHistory: false,
    requireSignature: form.type === 'textBody' && form.fields.some((f) => f.type === 'signature'),
    fields: form.type === 'patientContract' ? form.fields : [],
  };
}

/** The fields the patient will be asked for once saved (shared formFieldsFromOptions, as the server saves them). */
function savedFields(draft: FormDraft, builder: boolean): OrgFormField[] {
  return builder
    ? formFieldsFromOptions(draft.fields, draft)
    : formFieldsFromOptions([], { includeHealthHistory: false, requireSignature: draft.requireSignature });
}

const SWITCH_STYLES = { body: { minHeight: 44, alignItems: 'center' } };

/** The live preview: the patient's phone page for this form, in a phone-wide frame (390 px). */
function Preview({ draft, fields }: { draft: FormDraft; fields: OrgFormField[] }): ReactNode {
  const [answers, setAnswers] = useState<FieldAnswers>(EMPTY_ANSWERS);
  const [accepted, setAccepted] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby="form-preview-heading">
      <Title order={2} size="h4" id="form-preview-heading">
        Preview
      </Title>
      <Text size="sm" c="dimmed">
        Exactly as the patient sees it on their phone; try it here, nothing is saved.
      </Text>
      <Box
        maw={390}
        w="100%"
        p="md"
        data-testid="form-preview"
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 16, background: 'white' }}
      >
        <FormView
          idPrefix="preview"
          name={draft.name}
          markdown={draft.markdown}
          fields={fields}
          values={{}}
          answers={answers}
          onAnswers={setAnswers}
          accepted={accepted}
          onAccepted={setAccepted}
        />
      </Box>
    </Stack>
  );
}

/** Saves the draft as a new form (no `formId`) or over the form; the owner's forms as they now are. */
async function saveForm(
  orgId: string,
  formId: string | null,
  draft: FormDraft,
  builder: boolean,
): Promise<api.OrgForm[]> {
  const common = {
    name: draft.name.trim(),
    markdown: draft.markdown,
    challenge: draft.challenge,
    addToAll: draft.addToAll,
  };
  if (builder) {
    const properties = {
      ...common,
      fields: draft.fields,
      includeHealthHistory: draft.includeHealthHistory,
      requireSignature: draft.requireSignature,
    };
    return formId ? api.updateOrgForm(orgId, formId, properties) : api.createOrgForm(orgId, properties);
  }
  const properties = { ...common, requireSignature: draft.requireSignature };
  return formId ? api.updateTextBodyForm(orgId, formId, properties) : api.createTextBodyForm(orgId, properties);
}

/** A saved form not ready to edit: loading, or why it cannot open, with the way back. */
function FormNotReady({ loading, errorText, back }: { loading: boolean; errorText: string; back: string }): ReactNode {
  return (
    <Page title="Form">
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : (
        <Alert color="red" role="alert">
          {errorText}
        </Alert>
      )}
      <Anchor component={Link} to={back}>
        Back to forms
      </Anchor>
    </Page>
  );
}

interface FormOptionsProps {
  draft: FormDraft;
  readOnly: boolean;
  builder: boolean;
  onChange: (patch: Partial<FormDraft>) => void;
}

/** The form's switches: birth-date challenge, every appointment, health history (builder), signature. */
function FormOptions({ draft, readOnly, builder, onChange: change }: FormOptionsProps): ReactNode {
  return (
    <>
      <Checkbox
        label="Ask the patient to confirm their birth date before the form opens"
        checked={draft.challenge}
        disabled={readOnly}
        onChange={(e) => change({ challenge: e.currentTarget.checked })}
        styles={SWITCH_STYLES}
      />
      <Checkbox
        label="Add this form to every appointment"
        checked={draft.addToAll}
        disabled={readOnly}
        onChange={(e) => change({ addToAll: e.currentTarget.checked })}
        styles={SWITCH_STYLES}
      />
      {builder && !readOnly && (
        <Checkbox
          label="Include the health history"
          checked={draft.includeHealthHistory}
          onChange={(e) => change({ includeHealthHistory: e.currentTarget.checked })}
          styles={SWITCH_STYLES}
        />
      )}
      {!readOnly && (
        <Checkbox
          label="Require a signature (with the signer's name)"
          checked={draft.requireSignature}
          onChange={(e) => change({ requireSignature: e.currentTarget.checked })}
          styles={SWITCH_STYLES}
        />
      )}
    </>
  );
}

/** Asks before deleting the form. */
function ConfirmDelete(props: {
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  onDelete: () => void;
}): ReactNode {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Delete this form?">
      <Stack>
        <Text>Patients who were sent this form can no longer open it. Contracts already signed are kept.</Text>
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" mih={44} loading={props.saving} onClick={props.onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /forms/create and /forms/{formId} under the org or parent app (spec 000 §2, §3 Org form, §5):
 * name, birth-date challenge, add to every appointment, the Markdown body (spec 000 §5 editor),
 * with the formBuilder feature the field list, and a live preview. Inherited forms open read-only.
 */
export function FormEditorPage(): ReactNode {
  const params = useParams();
  const owner = formsOwner(params);
  const formId = params.formId ?? null;
  const navigate = useNavigate();
  const forms = useOrgForms(owner.orgId);
  const features = useOrgFeatureValues(owner.orgId);
  const form = formId ? (forms.forms.find((f) => f.id === formId) ?? null) : null;
  const [draft, setDraft] = useState<FormDraft | null>(formId ? null : EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (form && draft === null) setDraft(draftOf(form));
  }, [form, draft]);

  const builder = form ? form.type === 'patientContract' : features.values.formBuilder === true;
  const readOnly = form !== null && !form.editable;
  const fields = useMemo(() => (draft ? savedFields(draft, builder) : []), [draft, builder]);
  const title = formId ? (form?.name ?? 'Form') : 'Create Form';

  if (formId && (forms.state === 'loading' || forms.state === 'error' || !form || !draft)) {
    return (
      <FormNotReady
        loading={forms.state === 'loading' || (form !== null && !draft)}
        errorText={formErrorText(forms.state === 'error' ? (forms.error ?? 'UNKNOWN') : 'NOT_FOUND')}
        back={owner.base}
      />
    );
  }
  if (!draft) return null;

  const errors = draftErrors(draft, MARKDOWN_EDITOR.maxLength);
  const shown = touched ? errors : {};
  const change = (patch: Partial<FormDraft>): void => setDraft({ ...draft, ...patch });

  const save = async (): Promise<void> => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      forms.set(await saveForm(owner.orgId, formId, draft, builder));
      void navigate(owner.base);
    } catch (err) {
      setError(formErrorText(errorCode(err)));
      setSaving(false);
    }
  };

  const remove = async (): Promise<void> => {
    if (!formId) return;
    setSaving(true);
    setError(null);
    try {
      forms.set(await api.deleteOrgForm(owner.orgId, formId));
      void navigate(owner.base);
    } catch (err) {
      setError(formErrorText(errorCode(err)));
      setSaving(false);
      setConfirmDelete(false);
    }
  };

  return (
    <Page title={title}>
      {readOnly && (
        <Alert color="gray" title="Read-only">
          This form belongs to the parent organization {form?.parentOrg}. It can be changed there, not here.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder padding="md" component="section" aria-label="Form settings">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {builder ? 'Patient Signature Form' : 'Text form'}
            </Text>
            <TextInput
              label="Name"
              required
              value={draft.name}
              readOnly={readOnly}
              error={shown.name}
              onChange={(e) => change({ name: e.currentTarget.value })}
              styles={{ input: { minHeight: 44 } }}
            />
            <FormOptions draft={draft} readOnly={readOnly} builder={builder} onChange={change} />
            <MarkdownEditor
              label="Text"
              value={draft.markdown}
              readOnly={readOnly}
              error={shown.markdown}
              onChange={(markdown) => change({ markdown })}
            />
            {builder && (
              <FieldList
                fields={draft.fields}
                readOnly={readOnly}
                errors={shown}
                onChange={(f) => change({ fields: f })}
              />
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {touched && Object.keys(errors).length > 0 && (
              <Text c="red.8" size="sm" role="alert">
                {Object.keys(errors).length === 1
                  ? Object.values(errors)[0]
                  : 'Form is incomplete, please check above.'}
              </Text>
            )}
            <Group justify="space-between">
              <Group>
                {!readOnly && (
                  <Button mih={44} loading={saving} onClick={() => void save()}>
                    {formId ? 'Save' : 'Create Form'}
                  </Button>
                )}
                <Button mih={44} variant="default" component={Link} to={owner.base}>
                  {readOnly ? 'Back to forms' : 'Cancel'}
                </Button>
              </Group>
              {formId && !readOnly && (
                <Button mih={44} color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
        <Preview draft={draft} fields={fields} />
      </SimpleGrid>
      <ConfirmDelete
        opened={confirmDelete}
        saving={saving}
        onClose={() => setConfirmDelete(false)}
        onDelete={() => void remove()}
      />
    </Page>
  );
}
