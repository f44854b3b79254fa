import { useEffect, useRef, type ReactNode } from 'react';

/** A native <dialog> shown modally while `open`. */
export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    <dialog ref={ref} onClose={onClose} aria-label={title} className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40">
      {open && (
        <div className="p-5">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
