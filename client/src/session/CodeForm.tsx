import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { codeErrorText, isCompleteMfaCode, MFA_CODE_LENGTH, sanitizeMfaCodeInput } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorCode } from './errors.js';

export interface CodeFormProps {
  /** Verifies the code; throws on failure (the error's code picks the text). */
  onSubmit: (code: string) => Promise<void>;
  label?: string;
  submitLabel?: string;
  /** The text of a failed check's error code (codeErrorText by default). */
  errorText?: (code: string) => string;
}

/**
 * A 6-digit code entry (spec 000 §5): digits only, auto-submitted at 6 digits; a mismatch shows
 * 'Code did not match, please try again.' and clears the field.
 */
export function CodeForm({
  onSubmit,
  label = 'Verification code',
  submitLabel = 'Verify',
  errorText = codeErrorText,
}: CodeFormProps): ReactNode {
  const [code, setCode] = useState('');
  const [state, setState] = useState<'ready' | 'verifying' | 'error'>('ready');
  const [error, setError] = useState<string | null>(null);

  const submit = (value: string): void => {
    if (!isCompleteMfaCode(value) || state === 'verifying') return;
    setState('verifying');
    setError(null);
    onSubmit(value).then(
      () => setState('ready'),
      (err: unknown) => {
        setError(errorText(errorCode(err)));
        setCode('');
        setState('error');
      },
    );
  };

  const onChange = (raw: string): void => {
    const next = sanitizeMfaCodeInput(raw);
    setCode(next);
    if (next.length === MFA_CODE_LENGTH) submit(next);
  };

  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit(code);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={label}
          value={code}
          onChange={(e) => onChange(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MFA_CODE_LENGTH}
          disabled={state === 'verifying'}
          w={200}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={state === 'verifying'} disabled={!isCompleteMfaCode(code)}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
