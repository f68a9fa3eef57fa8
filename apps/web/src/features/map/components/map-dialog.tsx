import type { ReactNode } from 'react';
import { Modal, ModalHeading, useModal } from '../../../components/ui/modal';

/** The map screen's dialogs (compare, details): a modal named by its title, under a label of what it shows. */
export function MapDialog({
  open,
  title,
  label,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  label: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const modal = useModal();
  return (
    <Modal
      modal={modal}
      open={open}
      onClose={onClose}
      label={title}
      testId={testId}
      className="vt-dialog max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1.5rem))]"
    >
      <div className="p-4 sm:p-6">
        <ModalHeading eyebrow={label} title={title} onClose={modal.close} />
        <div className="mt-4">{children}</div>
      </div>
    </Modal>
  );
}
