import { LEGAL_DOCUMENTS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MemoryLegalAcceptanceStore } from '../store/legal/memory.js';
import { seedDemoLegal } from './demo.js';

describe('the demo people accepted the legal documents (issue 40)', () => {
  it('records each current document once per person, however often the demo is seeded', async () => {
    const store = new MemoryLegalAcceptanceStore();
    await seedDemoLegal(store, ['usr-a', 'usr-b'], new Date(1000));
    await seedDemoLegal(store, ['usr-a', 'usr-b'], new Date(2000));
    expect(await store.byUser('usr-a')).toEqual([
      { userId: 'usr-a', document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version, acceptedAt: 1000 },
      { userId: 'usr-a', document: 'terms', version: LEGAL_DOCUMENTS.terms.version, acceptedAt: 1000 },
    ]);
    expect(await store.byUser('usr-b')).toHaveLength(2);
  });
});
