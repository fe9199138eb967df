import { describe, expect, it } from 'vitest';
import { withPlugged, type PluggedCaseSection } from './caseSection.js';

const none = (): null => null;
const plugged = (id: string, before?: string): PluggedCaseSection => ({
  id,
  label: id,
  ...(before ? { before } : {}),
  Component: none,
});

describe('sections other features plug into the case screen', () => {
  const builtIn = [{ id: 'case-forms' }, { id: 'case-signoff' }, { id: 'case-signatures' }];

  it('puts the ledger before the sign-off checks and the report last, in the order given', () => {
    const ids = withPlugged(builtIn, [plugged('case-ledger', 'case-signoff'), plugged('case-report')], (p) => ({
      id: p.id,
    })).map((s) => s.id);
    expect(ids).toEqual(['case-forms', 'case-ledger', 'case-signoff', 'case-signatures', 'case-report']);
  });

  it('puts a section whose anchor section is not shown at the end, and leaves the built-in list as it was', () => {
    const ids = withPlugged(builtIn, [plugged('x', 'case-iv')], (p) => ({ id: p.id })).map((s) => s.id);
    expect(ids).toEqual(['case-forms', 'case-signoff', 'case-signatures', 'x']);
    expect(builtIn).toHaveLength(3);
  });
});
