import { describe, expect, it } from 'vitest';
import { hashModalHref, parseHashModal } from './hashModal.js';

describe('modals opened through the URL hash (spec 000 §2: modal name plus JSON props)', () => {
  it('reads a name alone and a name with JSON props', () => {
    expect(parseHashModal('#updatePassword')).toEqual({ name: 'updatePassword', props: {} });
    expect(parseHashModal(hashModalHref('updateMfaChannelTo', { channel: 'sms' }))).toEqual({
      name: 'updateMfaChannelTo',
      props: { channel: 'sms' },
    });
    expect(parseHashModal('#selectOrg')).toEqual({ name: 'selectOrg', props: {} });
  });

  it.each(['', '#', '#1abc', '#name=not-json', '#name=%5B1%5D', '#name=null', '#a b'])('ignores %j', (hash) => {
    expect(parseHashModal(hash)).toBeNull();
  });

  it('writes the name alone when there are no props', () => {
    expect(hashModalHref('sudoMfa')).toBe('#sudoMfa');
    expect(hashModalHref('sudoMfa', {})).toBe('#sudoMfa');
    expect(hashModalHref('updateMfaChannelTo', { channel: 'email' })).toBe(
      '#updateMfaChannelTo=%7B%22channel%22%3A%22email%22%7D',
    );
  });
});
