import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useRegenerateRecoveryCodes } from '../api/security.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/**
 * Issue 28: 'Generate new recovery codes'. The API asks for a recent proof of identity (the
 * step-up dialog); the ten new codes replace every earlier one and are shown once.
 */
export function RegenerateCodesModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const busy = regenerate.isPending;
  const close = () => {
    if (busy) return;
    regenerate.reset();
    onOpenChange(false);
  };

  const codes = regenerate.data;
  if (codes) {
    return (
      <Modal
        open={open}
        onOpenChange={(next) => (next ? undefined : close())}
        title="Save your new recovery codes"
        description="Your earlier recovery codes no longer work. Each new code signs you in once if you lose your authenticator app. They are shown only now: copy or download them and keep them somewhere safe."
        footer={<Button onClick={close}>Done</Button>}
      >
        <RecoveryCodes codes={codes} />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Generate new recovery codes"
      description="Ten new recovery codes replace your current ones: every code you have now stops working at once."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => regenerate.mutate()} disabled={busy} aria-busy={busy}>
            {busy ? 'Generating...' : 'Generate'}
          </Button>
        </>
      }
    >
      {regenerate.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(regenerate.error, 'Something went wrong')}
        </p>
      ) : (
        <p className="text-sm text-oak-700">
          Use this when your codes are lost, used up or may have been seen by someone else.
        </p>
      )}
    </Modal>
  );
}
