import { messagesId } from '@ranwal/core';
import { ConnectedPasswordChangeDialog, sessionFromSignIn, useToast } from '@ranwal/ui';
import { type ReactNode, useState } from 'react';
import { useSessionContext } from './session.js';

/**
 * 'Ubah Kata Sandi' for the signed-in person, in either layout: what opens the dialog, and the
 * dialog. The change ends the person's other sessions; this tab stores the new token it answers
 * (and other tabs of this browser follow it through the storage event).
 */
export function usePasswordChange(): { open: () => void; dialog: ReactNode } {
  const { signIn } = useSessionContext();
  const toast = useToast();
  const [isOpen, setOpen] = useState(false);
  return {
    open: () => setOpen(true),
    dialog: (
      <ConnectedPasswordChangeDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        onChanged={(result) => {
          signIn(sessionFromSignIn(result));
          toast.success(undefined, messagesId.users.passwordChanged);
        }}
      />
    ),
  };
}
