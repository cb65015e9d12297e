import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The dialogs another screen may ask a screen to open on arrival (issue 31: the command palette's
 * actions 'Add Cask', 'Create Notification' and 'Invite Admin'). The request travels in the
 * location's state, so the URL stays the list's own.
 */
export type RequestedDialog = 'add-cask' | 'create-notification' | 'invite-admin';

/** The location state that asks the next screen to open `dialog`. */
export function dialogRequest(dialog: RequestedDialog): { openDialog: RequestedDialog } {
  return { openDialog: dialog };
}

function requestedDialog(state: unknown): unknown {
  return typeof state === 'object' && state !== null && 'openDialog' in state
    ? state.openDialog
    : undefined;
}

/**
 * A screen's open state for `dialog`: open on arrival when the navigation asked for it, and again
 * whenever a later navigation to the same screen asks (the palette used on the screen itself).
 * `allowed` false (a role that may not make the change) never opens it.
 */
export function useRequestedDialog(dialog: RequestedDialog, allowed = true) {
  const location = useLocation();
  const requested = requestedDialog(location.state) === dialog;
  const [open, setOpen] = useState(requested);
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    if (requested) setOpen(true);
  }
  // Issue 41: the request is used once (docs/decisions/328). The history entry forgets it, so a reload (or coming
  // back to the entry) does not open the dialog again.
  const navigate = useNavigate();
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (requested) void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [requested, navigate, pathname, search, hash]);
  // The role is known once the profile is: the request waits for it rather than being dropped.
  return [open && allowed, setOpen] as const;
}
