import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetError,
} from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  createNotificationBody,
  DEFAULT_NOTIFICATION_CATEGORY,
  DEFAULT_NOTIFICATION_PRIORITY,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type CreateNotificationBody,
  type CreateNotificationInput,
} from '@cask/contracts/notifications';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { CustomerCombobox } from '@/components/ui/customer-combobox.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { CustomerOption } from '@/lib/customer-search.ts';
import { useCreateNotification } from '@/lib/create-notification.ts';
import { capitalize } from './notification-labels.ts';

/** docs/screens/notifications.md: what the empty Recipient field reads. */
export const RECIPIENT_PLACEHOLDER = '-- Select a user --';

export const CREATE_SUCCESS = 'Notification created successfully!';
export const CREATE_FAILURE = 'Failed to create notification. Please try again.';

/** Every field starts filled, so the inputs are controlled from the first render. */
const emptyForm = {
  title: '',
  message: '',
  type: NOTIFICATION_TYPES[0],
  priority: DEFAULT_NOTIFICATION_PRIORITY,
  category: DEFAULT_NOTIFICATION_CATEGORY,
  isGlobal: false,
  recipient: '',
  adminNotes: '',
} satisfies Required<CreateNotificationInput>;

const typeOptions = NOTIFICATION_TYPES.map((value) => ({ value, label: capitalize(value) }));
const priorityOptions = NOTIFICATION_PRIORITIES.map((value) => ({
  value,
  label: capitalize(value),
}));
const categoryOptions = NOTIFICATION_CATEGORIES.map((value) => ({
  value,
  label: capitalize(value),
}));

const formFields = new Set<string>(Object.keys(emptyForm));

/**
 * docs/screens/notifications.md#texts has one text for every failure; field errors also show by
 * their field.
 */
function showCreateFailure(error: Error, setError: UseFormSetError<CreateNotificationInput>) {
  toast.error(CREATE_FAILURE);
  if (!(error instanceof ApiError)) return;
  for (const fieldError of error.errors ?? []) {
    if (formFields.has(fieldError.field)) {
      setError(fieldError.field as keyof CreateNotificationInput, {
        message: fieldError.message,
      });
    }
  }
  if (error.status === 404) setError('recipient', { message: error.message });
}

/**
 * docs/screens/notifications.md#create-notification: the same contract the API checks validates the
 * form, so 'Title is required', 'Message is required' and 'Recipient user ID is required' read the
 * same on both sides. Priority and Category are selects because the payload carries them.
 */
export function CreateNotificationModal({
  open,
  onOpenChange,
  recipient,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer it starts addressed to, shown chosen (their page, issue 41); none by default. */
  recipient?: CustomerOption;
}) {
  const create = useCreateNotification();
  const initialForm = { ...emptyForm, recipient: recipient?.id ?? '' };
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<CreateNotificationInput, unknown, CreateNotificationBody>({
    resolver: zodResolver(createNotificationBody),
    defaultValues: initialForm,
  });
  const isGlobal = useWatch({ control, name: 'isGlobal' });
  const busy = create.isPending;

  const close = (next: boolean) => {
    if (busy && !next) return;
    if (!next) reset(initialForm);
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        toast.success(CREATE_SUCCESS);
        reset(initialForm);
        onOpenChange(false);
      },
      onError: (error) => showCreateFailure(error, setError),
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Create Notification"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="create-notification-form"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Creating...' : 'Create Notification'}
          </Button>
        </>
      }
    >
      <form
        id="create-notification-form"
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-4 sm:grid-cols-3"
      >
        <TextField
          label="Title"
          className="sm:col-span-3"
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextareaField
          label="Message"
          className="sm:col-span-3"
          rows={4}
          error={errors.message?.message}
          {...register('message')}
        />
        <ClassificationFields register={register} errors={errors} />
        <CheckboxField
          label="Is Global"
          className="sm:col-span-3"
          hint="Send to every user instead of one."
          {...register('isGlobal', {
            // A global notification has no recipient (docs/screens/notifications.md): forget the
            // one chosen.
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) setValue('recipient', '', { shouldValidate: false });
            },
          })}
        />
        {isGlobal ? null : (
          <div className="sm:col-span-3">
            <Controller
              control={control}
              name="recipient"
              render={({ field, fieldState }) => (
                <CustomerCombobox
                  label="Recipient"
                  placeholder={RECIPIENT_PLACEHOLDER}
                  clearLabel="Clear recipient"
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  initialOption={recipient}
                />
              )}
            />
          </div>
        )}
        <TextareaField
          label="Admin Notes"
          className="sm:col-span-3"
          rows={3}
          hint="Only admins see these."
          error={errors.adminNotes?.message}
          {...register('adminNotes')}
        />
      </form>
    </Modal>
  );
}

/** Type, Priority and Category: selects, because the payload carries them. */
function ClassificationFields({
  register,
  errors,
}: {
  register: UseFormRegister<CreateNotificationInput>;
  errors: FieldErrors<CreateNotificationInput>;
}) {
  return (
    <>
      <SelectField
        label="Type"
        options={typeOptions}
        error={errors.type?.message}
        {...register('type')}
      />
      <SelectField
        label="Priority"
        options={priorityOptions}
        error={errors.priority?.message}
        {...register('priority')}
      />
      <SelectField
        label="Category"
        options={categoryOptions}
        error={errors.category?.message}
        {...register('category')}
      />
    </>
  );
}
