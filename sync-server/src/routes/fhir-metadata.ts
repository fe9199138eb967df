import type { Context, Hono } from 'hono';
import { capabilityStatement, smartConfiguration } from '../fhir/capability.js';

/** An organisation id as a FHIR path may carry it (the REST API refuses any other). */
export const ORG_ID_RE = /^[a-z0-9_-]{1,64}$/;

export interface MetadataRouteOptions {
  version: string;
  /** When the statement was made: the server's start. */
  started: string;
  /** The REST API's 404 (an OperationOutcome). */
  notFound: (c: Context) => Response;
  contentType: string;
}

/**
 * `GET /fhir/{orgId}/metadata`, the API's CapabilityStatement, and SMART's
 * `.well-known/smart-configuration` (issue 42): open to anyone, as clients read them before they
 * authenticate.
 */
export function metadataRoute(app: Hono, o: MetadataRouteOptions): void {
  app.get('/fhir/:orgId/metadata', (c) => {
    const orgId = c.req.param('orgId');
    if (!ORG_ID_RE.test(orgId)) return o.notFound(c);
    const baseUrl = `${new URL(c.req.url).origin}/api/fhir/${orgId}`;
    const statement = capabilityStatement({ baseUrl, version: o.version, date: o.started });
    return c.body(JSON.stringify(statement), 200, { 'content-type': o.contentType });
  });
  // SMART's discovery document (SMART App Launch 2.x §2.1): how an installed app gets a token.
  app.get('/fhir/:orgId/.well-known/smart-configuration', (c) => {
    const orgId = c.req.param('orgId');
    if (!ORG_ID_RE.test(orgId)) return o.notFound(c);
    return c.json(smartConfiguration(`${new URL(c.req.url).origin}/api`, orgId));
  });
}
