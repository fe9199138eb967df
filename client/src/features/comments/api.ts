import type { FhirJsonView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * Patient comments (spec 001 §3 Communication; docs/architecture.md "Forms and consent"):
 * added, edited and deleted through GraphQL, each answering the Communication; listed through
 * the FHIR API (the resource cache).
 */

type Answer = FhirJsonView;

export async function addPatientComment(
  orgId: string,
  patientId: string,
  text: string,
  appointmentId: string | null,
): Promise<void> {
  await graphql<{ addPatientComment: Answer }>(
    `
      mutation AddPatientComment($orgId: String, $patientId: String!, $text: String!, $appointmentId: String) {
        addPatientComment(orgId: $orgId, patientId: $patientId, text: $text, appointmentId: $appointmentId) {
          fhirJSON
        }
      }
    `,
    { orgId, patientId, text, appointmentId },
  );
}

export async function editPatientComment(orgId: string, id: string, text: string): Promise<void> {
  await graphql<{ editPatientComment: Answer }>(
    `
      mutation EditPatientComment($orgId: String, $id: String!, $text: String!) {
        editPatientComment(orgId: $orgId, id: $id, text: $text) {
          fhirJSON
        }
      }
    `,
    { orgId, id, text },
  );
}

export async function deletePatientComment(orgId: string, id: string): Promise<void> {
  await graphql<{ deletePatientComment: Answer }>(
    `
      mutation DeletePatientComment($orgId: String, $id: String!) {
        deletePatientComment(orgId: $orgId, id: $id) {
          fhirJSON
        }
      }
    `,
    { orgId, id },
  );
}
