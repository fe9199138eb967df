/** An office's EMR connection (shared EMR2): which EMR launches into it and receives its signed records. */
export interface EmrConnection {
  orgId: string;
  /** The EMR's FHIR base URL (its SMART `iss`), normalised; one office per address. */
  iss: string;
  /** The client id Vigil is registered with at the EMR. */
  clientId: string;
  /** A confidential client's secret (client_secret_basic); null: a public client (PKCE only). */
  clientSecret: string | null;
  updatedAt: number;
}

/** A SMART EHR launch between the redirect to the EMR's authorize endpoint and its answer. */
export interface SmartLaunchState {
  /** The OAuth `state`: random, single use. */
  state: string;
  orgId: string;
  iss: string;
  launch: string;
  /** PKCE (S256): the verifier the token request proves. */
  codeVerifier: string;
  tokenEndpoint: string;
  redirectUri: string;
  createdAt: number;
  /** Forgotten after this (10 minutes). */
  expiresAt: number;
}

export type WriteBackStatus = 'pending' | 'done' | 'failed';

/** One signed record written back to the office's EMR (case.finalized or addendum.signed), with its attempts. */
export interface EmrWriteBack {
  id: string;
  orgId: string;
  compositionId: string;
  /** The change-feed event it comes from and its sequence (one write-back per change). */
  event: string;
  seq: number;
  status: WriteBackStatus;
  attempts: number;
  firstAttemptAt: number | null;
  nextAttemptAt: number | null;
  /** The last failure, as the EMR answered or the network said. */
  lastError: string | null;
  /** The EMR's references of what was written (`DocumentReference/…`), once done. */
  written: string[];
  createdAt: number;
  updatedAt: number;
}

/** The EMR connections, launches and write-backs repository. An implementation passes contract.test.ts. */
export interface EmrConnectionStore {
  /** Sets an office's connection; false when another office has that EMR address. */
  setConnection(connection: EmrConnection): Promise<boolean>;
  removeConnection(orgId: string): Promise<void>;
  connection(orgId: string): Promise<EmrConnection | null>;
  connectionByIss(iss: string): Promise<EmrConnection | null>;
  saveLaunch(state: SmartLaunchState): Promise<void>;
  /** The launch of that state, once (forgetting expired ones); null when unknown, used or expired. */
  takeLaunch(state: string, now: number): Promise<SmartLaunchState | null>;
  /** Records a write-back; false when that change already has one (a batch handed over twice). */
  addWriteBack(writeBack: EmrWriteBack): Promise<boolean>;
  /** Pending write-backs due at `now`, oldest first. */
  dueWriteBacks(now: number, limit: number): Promise<EmrWriteBack[]>;
  updateWriteBack(writeBack: EmrWriteBack): Promise<void>;
  /** An office's write-backs, newest first. */
  writeBacks(orgId: string, limit: number): Promise<EmrWriteBack[]>;
}
