import { commentEditStatus, type Communication } from '@vigil/shared';

/** A patient comment as the list shows it (spec 001 §3 Communication). */
export interface CommentView {
  id: string;
  author: string;
  date: string | null;
  /** The comment's text; null once deleted (kept in the resource's history, never shown as current). */
  text: string | null;
  editStatus: 'edited' | 'deleted' | null;
  appointmentId: string | null;
}

/**
 * [FC18] A Communication as a comment: the author's display (else 'Unknown author'), the date
 * sent, the text of its payload, its edit status (spec 001 §3: edited or deleted; a deleted
 * comment shows no text) and the appointment it is about.
 */
export function commentView(c: Communication): CommentView {
  const editStatus = commentEditStatus(c);
  const text = c.payload?.map((p) => p.contentString ?? '').join('\n') ?? '';
  const about = c.about?.find((r) => r.reference?.startsWith('Appointment/'))?.reference ?? null;
  return {
    id: c.id ?? '',
    author: c.sender?.display?.trim() || 'Unknown author',
    date: c.sent ?? c.meta?.lastUpdated ?? null,
    text: editStatus === 'deleted' ? null : text,
    editStatus,
    appointmentId: about ? about.slice('Appointment/'.length) : null,
  };
}

/** [FC18] A patient's comments, newest first, from the cached Communications of the organisation. */
export function patientComments(all: readonly Communication[], patientId: string): CommentView[] {
  return all
    .filter((c) => c.subject?.reference === `Patient/${patientId}`)
    .map(commentView)
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}
