import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, useModal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { clearAuthStorage, rememberAccountDeleted } from '../../auth';
import { useDeleteAccount } from '../api';

/** Asks for the e-mail address before deleting (a modal that a click beside it does not close). */
export function DeleteAccountDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const modal = useModal();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const confirm = () =>
    remove.mutate(typed, {
      onSuccess: (done) => {
        clearAuthStorage();
        rememberAccountDeleted();
        // On to the provider's logout (it ends the sign-in there too, then returns home): a full load, so every
        // cached query of the deleted user goes, and Sign In afterwards asks who is signing in.
        window.location.assign(done.redirectTo);
      },
    });

  return (
    <Modal
      modal={modal}
      open={open}
      labelledBy="delete-account-title"
      describedBy="delete-account-text"
      onClose={() => {
        setTyped('');
        remove.reset();
        onClose();
      }}
      keepOnBackdrop
      className="w-[min(30rem,calc(100vw-2rem))]"
    >
      <form
        className="p-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && !remove.isPending) confirm();
        }}
      >
        <h2 id="delete-account-title" className="text-xl font-bold">
          Delete your account?
        </h2>
        <p id="delete-account-text" className="mt-2 text-sm text-muted">
          Everything stored for <span className="break-all text-fg">{email}</span> is removed for good. Type your e-mail
          address to confirm.
        </p>
        <label className="mt-4 block text-sm font-medium">
          E-mail address
          <input
            autoFocus
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="mt-1.5 block h-10 w-full rounded-lg border border-line bg-raised px-3 text-sm text-fg focus:border-accent focus:outline-none"
          />
        </label>
        {remove.isError && (
          <p role="alert" className="mt-3 text-sm text-red-300">
            {errorMessage(remove.error, 'The account could not be deleted.')}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={modal.close}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!matches || remove.isPending}
            className="bg-red-600 text-white hover:bg-red-500 disabled:opacity-50"
          >
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
