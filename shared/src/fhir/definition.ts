import type { z } from 'zod';

/**
 * What Vigil knows about one FHIR resource type: its validator, the defaults it fills in, the
 * references that may not be removed once set (spec 001 §5 'Cannot delete this reference'), and
 * whether it holds patient data (every read and write of which is audited).
 */
export interface ResourceDefinition<T extends { resourceType: string }> {
  resourceType: T['resourceType'];
  schema: z.ZodType<T>;
  /** Prefix of server-assigned ids (spec 001 §9). */
  idPrefix: string;
  /** Patient data: reads and writes write an AuditEvent. */
  patientData: boolean;
  /** Spec defaults filled in before validation (e.g. participants tentative). */
  normalize?: (resource: T) => T;
  /**
   * References that may be changed but never removed once set, by a stable name
   * (e.g. `subject` → `Patient/pat-…`). Every other reference is deletable.
   */
  protectedReferences?: (resource: T) => Record<string, string>;
}
