// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { LEGAL_DOCUMENT_NAMES, LEGAL_DOCUMENTS, LEGAL_DOCUMENT_TITLES, type LegalDocumentView } from '@vigil/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../ui/theme.js';
import { LegalAcceptanceDialog } from './LegalAcceptanceDialog.js';

const VIEWS: LegalDocumentView[] = LEGAL_DOCUMENT_NAMES.map((name) => ({
  name,
  title: LEGAL_DOCUMENT_TITLES[name],
  ...LEGAL_DOCUMENTS[name],
}));

function open(documents: LegalDocumentView[]): {
  onAccept: ReturnType<typeof vi.fn>;
  onSignOut: ReturnType<typeof vi.fn>;
} {
  const onAccept = vi.fn();
  const onSignOut = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <LegalAcceptanceDialog
        documents={documents}
        submitting={false}
        error={null}
        onAccept={onAccept}
        onSignOut={onSignOut}
      />
    </MantineProvider>,
  );
  return { onAccept, onSignOut };
}

afterEach(cleanup);

describe('the legal acceptance dialog (spec 000 §7)', () => {
  it('lists each unticked box under Still Missing and accepts only once every box is ticked', () => {
    const { onAccept } = open(VIEWS);
    expect(screen.getByText('Updated Terms and Privacy Policy')).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Still Missing:')).toBeTruthy();
    const missing = (): (string | null)[] => screen.queryAllByRole('listitem').map((li) => li.textContent);
    expect(missing()).toEqual([LEGAL_DOCUMENTS.terms.checkboxText, LEGAL_DOCUMENTS.privacy.checkboxText]);
    fireEvent.click(screen.getByLabelText(LEGAL_DOCUMENTS.terms.checkboxText));
    expect(missing()).toEqual([LEGAL_DOCUMENTS.privacy.checkboxText]);
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(LEGAL_DOCUMENTS.privacy.checkboxText));
    expect(screen.queryByText('Still Missing:')).toBeNull();
    fireEvent.click(accept);
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it('names the one updated document, shows its version, and offers Sign Out instead of closing', () => {
    const { onSignOut } = open([VIEWS[0]!]);
    expect(screen.getByText('Updated Terms of Service')).toBeTruthy();
    expect(screen.getByText(`Terms of Service (version ${LEGAL_DOCUMENTS.terms.version})`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
