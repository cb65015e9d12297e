import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  customerDetailsBody,
  type CustomerDetailsBody,
  type CustomerDetailsInput,
} from '@cask/contracts/customer-details';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { fetchUser, useUpdateCustomerDetails } from '@/lib/customer-mutations.ts';
import {
  isStaleVersion,
  useReloadableRecord,
  type RecordReload,
} from '@/lib/use-reloadable-record.ts';

/** What the dialog edits: the customer page's customer, with the version it names in If-Match. */
export interface CustomerDetails {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  version: string;
}

export const DETAILS_SAVED = 'Details saved';
export const DETAILS_FAILURE = 'Failed to save the details';
const FIELDS = new Set<string>(['fullName', 'email', 'phone']);

/**
 * Issue 41: the customer page's 'Edit details' (Name, Email, Phone), so a typo in a customer's
 * e-mail can be fixed; the spec's Edit User keeps them read-only. An e-mail another customer has
 * is refused under Email (409); a save over a change made meanwhile offers to reload (decision 208).
 */
export function EditDetailsModal({
  customer,
  onClose,
}: {
  customer: CustomerDetails | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={customer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={customer ? `Edit details - ${customer.fullName}` : 'Edit details'}
      size="sm"
      layout="form"
    >
      {customer ? (
        <ReloadableDetailsForm key={customer.id} customer={customer} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

type FormProps = { customer: CustomerDetails; onClose: () => void };

/** The form, started over from the customer as they are now each time the admin reloads. */
function ReloadableDetailsForm(props: FormProps) {
  const { current, generation, reloader } = useReloadableRecord(props.customer, () =>
    fetchUser(props.customer.id),
  );
  return <DetailsForm key={generation} {...props} customer={current} reloader={reloader} />;
}

function DetailsForm({ customer, onClose, reloader }: FormProps & { reloader: RecordReload }) {
  const update = useUpdateCustomerDetails();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CustomerDetailsInput, unknown, CustomerDetailsBody>({
    resolver: zodResolver(customerDetailsBody),
    defaultValues: {
      fullName: customer.fullName,
      email: customer.email,
      phone: customer.phone ?? '',
    },
  });
  const busy = update.isPending;
  // Field errors (a 400's, the 409's e-mail) show under their fields; anything else below them.
  const fieldErrors = update.error instanceof ApiError ? (update.error.errors ?? []) : [];
  const shownUnder = fieldErrors.some((item) => FIELDS.has(item.field));

  const onSubmit = handleSubmit((body) => {
    update.mutate(
      { id: customer.id, body, version: customer.version },
      {
        onSuccess: () => {
          toast.success(DETAILS_SAVED);
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const item of error.errors ?? []) {
            if (FIELDS.has(item.field))
              setError(item.field as keyof CustomerDetailsInput, { message: item.message });
          }
        },
      },
    );
  });

  return (
    <ModalForm
      noValidate
      className="grid gap-4"
      onSubmit={(event) => void onSubmit(event)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="off"
        hint="Digits only, with an optional leading +"
        error={errors.phone?.message}
        {...register('phone')}
      />
      {update.isError && isStaleVersion(update.error) ? (
        <StaleRecordAlert error={update.error} reloader={reloader} />
      ) : update.isError && !shownUnder ? (
        <InlineError>{errorMessage(update.error, DETAILS_FAILURE)}</InlineError>
      ) : null}
    </ModalForm>
  );
}
