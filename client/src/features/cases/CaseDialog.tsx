import { CloseButton } from '@mantine/core';
import { useFocusTrap } from '@mantine/hooks';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import classes from './CaseDialog.module.css';

export interface CaseDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog of the case screen that stays in the page while closed, so opening it renders
 * nothing but this frame: it costs the style and layout of the dialog alone. Mantine's Modal
 * mounted a portal, focus trap, overlay and transition on every opening, and a modal
 * `<dialog>` (showModal) makes the whole page inert, which restyles every element of a long
 * case (100 ms or more each on a throttled tablet; issue 8 "Stays fast on a long case").
 * As a modal dialog should: the page behind is covered and `aria-modal`, Tab stays inside,
 * Escape and the backdrop close it, focus goes to the element marked `data-autofocus` and back
 * to where it was on closing. It is drawn in the page's body, over everything.
 */
export function CaseDialog({ opened, title, onClose, children }: CaseDialogProps): ReactNode {
  const titleId = useId();
  const trap = useFocusTrap(opened);
  const returnTo = useRef<HTMLElement | null>(null);
  // A press that starts inside the dialog (selecting typed text, say) and ends on the backdrop
  // must not close it and drop what was typed: only a press that starts on the backdrop does.
  const pressedBackdrop = useRef(false);
  useLayoutEffect(() => {
    if (opened) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  }, [opened]);
  // In the body, as Mantine's Modal is: a case section is a containing block for fixed
  // elements (content-visibility implies paint containment), which would clip the dialog.
  return createPortal(
    <div
      className={classes.backdrop}
      data-opened={opened || undefined}
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (pressedBackdrop.current && e.target === e.currentTarget) onClose();
        pressedBackdrop.current = false;
      }}
    >
      <dialog
        ref={trap}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        className={classes.dialog}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          <CloseButton size="xl" aria-label="Close" onClick={onClose} />
        </div>
        {children}
      </dialog>
    </div>,
    document.body,
  );
}
