import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

describe('attempts in flight (issue 24 item 4)', () => {
  it('counts a place under every key it was taken for until it is given back', () => {
    const inFlight = new InFlight();
    const first = inFlight.hold(['signIn:email:a', 'signIn:ip:1']);
    const second = inFlight.hold(['signIn:email:a']);
    expect(inFlight.count('signIn:email:a')).toBe(2);
    expect(inFlight.count('signIn:ip:1')).toBe(1);
    expect(inFlight.count('signIn:email:b')).toBe(0);
    first();
    expect(inFlight.count('signIn:email:a')).toBe(1);
    expect(inFlight.count('signIn:ip:1')).toBe(0);
    second();
    expect(inFlight.count('signIn:email:a')).toBe(0);
  });

  it('gives a place back once, however often the release is called', () => {
    const inFlight = new InFlight();
    const release = inFlight.hold(['k']);
    inFlight.hold(['k']);
    release();
    release();
    expect(inFlight.count('k')).toBe(1);
  });
});
