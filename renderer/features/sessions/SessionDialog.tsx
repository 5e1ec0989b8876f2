// The modal frame the sessions dialogs share: a native <dialog> shown while `open`, closed by Escape or its content,
// with the content mounted only while open so each opening starts from a fresh form.

import { useEffect, useRef, type ReactNode } from 'react';

export function SessionDialog(props: {
  open: boolean;
  onClose: () => void;
  className: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const { open } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={`dialog ${props.className}`}
      aria-label={props.label}
      onClose={props.onClose}
      data-testid={props.testId}
    >
      {open && props.children}
    </dialog>
  );
}
