import { describe, expect, it } from 'vitest';
import {
  APP_SCOPE_CHOICES,
  appJwksSchema,
  appJwksUrlSchema,
  appNameSchema,
  appScopesSchema,
  nextAttemptAt,
  parseScope,
  scopesAllow,
  webhookEventOf,
  webhookInputSchema,
} from './index.js';

describe('apps and webhooks', () => {
  it('[APP1] keeps system scopes of Vigil resource types, each once and sorted', () => {
    expect(appScopesSchema.parse(['system/Patient.read', 'system/*.write', 'system/Patient.read'])).toEqual([
      'system/*.write',
      'system/Patient.read',
    ]);
    expect(appScopesSchema.safeParse(['patient/Patient.read']).success).toBe(false);
    expect(appScopesSchema.safeParse(['system/Spaceship.read']).success).toBe(false);
    expect(appScopesSchema.safeParse(['system/Patient.cruds']).success).toBe(false);
    expect(appScopesSchema.safeParse([]).success).toBe(false);
    expect(parseScope('system/Appointment.write')).toEqual({ type: 'Appointment', mode: 'write' });
  });

  it.each([
    [['system/Patient.read'], 'Patient', 'read', true],
    [['system/Patient.read'], 'Patient', 'write', false],
    [['system/Patient.write'], 'Patient', 'read', false],
    [['system/Patient.read'], 'Appointment', 'read', false],
    [['system/*.read'], 'Appointment', 'read', true],
    [['system/*.read'], 'Appointment', 'write', false],
  ] as const)('[APP2] %j allows %s %s: %s', (scopes, type, mode, allowed) => {
    expect(scopesAllow(scopes, type, mode)).toBe(allowed);
  });

  it('[APP4] names the event of a change a webhook chose, and nothing else', () => {
    const sub = { events: ['resource.created', 'case.finalized'] as const, resourceTypes: ['Patient'] };
    const created = { kind: 'resource', resourceType: 'Patient', payload: { action: 'create' } };
    expect(webhookEventOf(created, { ...sub, events: [...sub.events] })).toBe('resource.created');
    expect(webhookEventOf({ ...created, payload: { action: 'update' } }, { ...sub, events: [...sub.events] })).toBe(
      null,
    );
    expect(webhookEventOf({ ...created, resourceType: 'Appointment' }, { ...sub, events: [...sub.events] })).toBe(null);
    expect(webhookEventOf({ kind: 'case.finalized', payload: {} }, { ...sub, events: [...sub.events] })).toBe(
      'case.finalized',
    );
    expect(webhookEventOf({ kind: 'policy.set', payload: {} }, { ...sub, events: [...sub.events] })).toBe(null);
    expect(webhookEventOf({ kind: 'ledger.entry', payload: {} }, { ...sub, events: [...sub.events] })).toBe(null);
  });

  it('[APP3] takes a name of 1 to 100 characters once trimmed', () => {
    expect(appNameSchema.parse('  EMR bridge ')).toBe('EMR bridge');
    expect(appNameSchema.safeParse('   ').success).toBe(false);
    expect(appNameSchema.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it('[APP6] takes a JWK Set of public keys with distinct kids, and refuses a private key', () => {
    const key = { kty: 'EC', crv: 'P-384', kid: 'k1', x: 'x', y: 'y' };
    expect(appJwksSchema.parse(JSON.stringify({ keys: [key] })).keys[0]).toEqual(key);
    expect(appJwksSchema.safeParse(JSON.stringify({ keys: [{ ...key, d: 'secret' }] })).success).toBe(false);
    expect(appJwksSchema.safeParse(JSON.stringify({ keys: [key, key] })).success).toBe(false);
    expect(appJwksSchema.safeParse(JSON.stringify({ keys: [] })).success).toBe(false);
    expect(appJwksSchema.safeParse('not json').success).toBe(false);
  });

  it('[APP1] offers only scopes it accepts', () => {
    expect(APP_SCOPE_CHOICES.slice(0, 2)).toEqual(['system/*.read', 'system/*.write']);
    expect(appScopesSchema.safeParse([...APP_SCOPE_CHOICES]).success).toBe(true);
  });

  it('[APP7] takes an https JWK Set address, or http to localhost only', () => {
    expect(appJwksUrlSchema.parse(' https://vendor.example/.well-known/jwks.json ')).toBe(
      'https://vendor.example/.well-known/jwks.json',
    );
    expect(appJwksUrlSchema.safeParse('http://127.0.0.1:4000/jwks').success).toBe(true);
    expect(appJwksUrlSchema.safeParse('http://vendor.example/jwks').success).toBe(false);
    expect(appJwksUrlSchema.safeParse('ftp://vendor.example/jwks').success).toBe(false);
    expect(appJwksUrlSchema.safeParse(`https://vendor.example/${'x'.repeat(2000)}`).success).toBe(false);
  });

  it('[APP5] retries after 5 s, 10 s, 20 s… at most an hour apart, and stops 24 hours after the first attempt', () => {
    expect(nextAttemptAt(0, 0, 1)).toBe(5_000);
    expect(nextAttemptAt(0, 5_000, 2)).toBe(15_000);
    expect(nextAttemptAt(0, 15_000, 3)).toBe(35_000);
    // 5 s × 2^10 = 5,120 s, capped at 3,600 s.
    expect(nextAttemptAt(0, 100_000, 11)).toBe(3_700_000);
    const day = 24 * 3600_000;
    expect(nextAttemptAt(0, day - 3600_000, 20)).toBe(day);
    expect(nextAttemptAt(0, day - 3599_999, 20)).toBe(null);
  });

  it('[APP4] takes an https webhook URL (http only to localhost) with events', () => {
    const ok = { url: 'https://emr.example/hooks', events: ['case.finalized'] };
    expect(webhookInputSchema.parse(ok).resourceTypes).toEqual([]);
    expect(webhookInputSchema.safeParse({ ...ok, url: 'http://emr.example/hooks' }).success).toBe(false);
    expect(webhookInputSchema.safeParse({ ...ok, url: 'http://127.0.0.1:9/x' }).success).toBe(true);
    expect(webhookInputSchema.safeParse({ ...ok, events: [] }).success).toBe(false);
  });
});
