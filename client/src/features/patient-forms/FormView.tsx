import { Alert, Checkbox, List, Stack, Text, Title, Typography } from '@mantine/core';
import { fillFormMarkdown, renderFormMarkdown, type OrgFormField } from '@vigil/shared';
import { useMemo, type ReactNode } from 'react';
import { ACCEPTANCE_TEXT, stillMissing, type FieldAnswers } from './answers.js';
import classes from './contract.module.css';
import { FieldInput } from './FieldInput.js';

export interface FormViewProps {
  name: string;
  markdown: string;
  fields: readonly OrgFormField[];
  /** The values the `{{name}}` placeholders are filled from (the patient's details); answers to text fields join them. */
  values: Readonly<Record<string, string | null | undefined>>;
  answers: FieldAnswers;
  onAnswers: (answers: FieldAnswers) => void;
  accepted: boolean;
  onAccepted: (accepted: boolean) => void;
  disabled?: boolean;
  /** Where the form's id-like names are unique on the page (two previews side by side). */
  idPrefix: string;
  /** The acceptance checkbox's words when the form gives its own (Contract document checkboxText). */
  acceptanceText?: string;
}

/**
 * One form as the patient sees it (spec 000 §4 Contract, issue 28): its title, its text with the
 * placeholders filled ('(blank)' when empty), its fields, the 'Still Missing:' list and the
 * acceptance checkbox. The builder's preview renders this same component.
 */
export function FormView({
  name,
  markdown,
  fields,
  values,
  answers,
  onAnswers,
  accepted,
  onAccepted,
  disabled = false,
  idPrefix,
  acceptanceText = ACCEPTANCE_TEXT,
}: FormViewProps): ReactNode {
  const html = useMemo(
    () => renderFormMarkdown(fillFormMarkdown(markdown, { ...values, ...answers.text })),
    [markdown, values, answers.text],
  );
  const missing = stillMissing(fields, answers, accepted, acceptanceText);
  return (
    <Stack gap="md" component="article" aria-labelledby={`${idPrefix}-title`}>
      <Title order={2} size="h3" id={`${idPrefix}-title`}>
        {name || 'Untitled form'}
      </Title>
      {markdown.trim() !== '' && (
        <Typography>
          {/* renderFormMarkdown (shared) escapes raw HTML and allows only safe link and image targets. */}
          <div className={classes.contract} data-testid="contract-text" dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      )}
      {fields.map((f) => (
        <FieldInput key={f.name} field={f} answers={answers} onChange={onAnswers} disabled={disabled} />
      ))}
      <Checkbox
        label={acceptanceText}
        checked={accepted}
        disabled={disabled}
        onChange={(e) => onAccepted(e.currentTarget.checked)}
        size="md"
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
      />
      {missing.length > 0 && (
        <Alert color="yellow" variant="light" aria-live="polite">
          <Text fw={600}>Still Missing:</Text>
          <List size="sm">
            {missing.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
