import { forwardRef } from 'react';
import { APPROVAL_REASON_MAX, SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approvals-plain';
import { TextareaField, type TextareaFieldProps } from '@/components/ui/textarea-field.tsx';

/**
 * The 'Reason' field of a dialog whose action the Approvals policy may send for approval (issue
 * 45). Always shown (decision 425): an Admin cannot read the Owner's policy, so the dialog cannot
 * know in advance; the API requires it only when the action is sent for approval and ignores it
 * otherwise.
 */
export const ApprovalReasonField = forwardRef<
  HTMLTextAreaElement,
  Omit<TextareaFieldProps, 'label'>
>(function ApprovalReasonField(props, ref) {
  return (
    <TextareaField
      ref={ref}
      label="Reason"
      rows={2}
      maxLength={APPROVAL_REASON_MAX}
      hint="Needed when this change must be approved by another admin."
      {...props}
    />
  );
});

/**
 * What the dialog says once its action was sent for approval (a 202): nothing has changed yet.
 */
export function SentForApprovalNotice() {
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {SENT_FOR_APPROVAL_DIALOG}
    </p>
  );
}
