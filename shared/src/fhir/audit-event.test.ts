import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';
import { auditEventFor } from './audit-event.js';

describe('AuditEvent', () => {
  it('records who, what, when and which organisation, and is valid FHIR R4', () => {
    const event = auditEventFor({
      orgId: 'main-street',
      userId: 'usr-1',
      interaction: 'read',
      entities: ['Patient/pat-1'],
      recorded: '2026-11-21T10:00:00.000Z',
      ip: '127.0.0.1',
    });
    expect(validateResource(event)).toEqual([]);
    expect(event.agent[0]?.who?.identifier?.value).toBe('usr-1');
    expect(event.entity?.[0]?.what?.reference).toBe('Patient/pat-1');
    expect(event.recorded).toBe('2026-11-21T10:00:00.000Z');
    expect(event.source.site).toBe('main-street');
    expect(event.action).toBe('R');
  });

  it.each([
    ['create', 'C'],
    ['update', 'U'],
    ['delete', 'D'],
    ['search-type', 'E'],
  ] as const)('maps %s to action %s', (interaction, action) => {
    const event = auditEventFor({
      orgId: 'o',
      userId: 'u',
      interaction,
      entities: [],
      recorded: '2026-11-21T10:00:00Z',
    });
    expect(event.action).toBe(action);
    expect(event.entity).toBeUndefined();
    expect(validateResource(event)).toEqual([]);
  });
});
