import { Button } from '@/components/ui/button.tsx';
import { ModalForm } from '@/components/ui/modal.tsx';
import { SentForApprovalNotice } from './approval-parts.tsx';

/**
 * A dialog's form once its action was sent for approval: the notice, and 'OK' (Enter too), which
 * closes the dialog. Apart from approval-parts.tsx, which screens outside a dialog load too.
 */
export function SentForApprovalForm({ onDone }: { onDone: () => void }) {
  return (
    <ModalForm
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onDone();
      }}
      className="grid gap-4"
      footer={<Button type="submit">OK</Button>}
    >
      <SentForApprovalNotice />
    </ModalForm>
  );
}
