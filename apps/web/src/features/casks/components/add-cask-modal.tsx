import { CASK_TYPE_LABELS } from '@/components/casks/cask-status.ts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  CASK_IMAGE_FIELD,
  CASK_TYPES,
  DEFAULT_CASK_STATUS,
  EDITABLE_CASK_STATUSES,
  type CreateCaskField,
} from '@cask/contracts/casks';
import { Button } from '@/components/ui/button.tsx';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { CustomerCombobox } from '@/components/ui/customer-combobox.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { useCreateCask } from '../api/cask-mutations.ts';
import { CaskImageField } from './cask-image-field.tsx';
import { useWarehouses } from '../api/warehouses.ts';
import { WarehouseSelect } from './warehouse-select.tsx';

/** docs/screens/casks.md#add-new-cask and #texts. */
export const OWNER_REQUIRED = 'Please select a user!';
export const ADD_SUCCESS = 'Cask added successfully!';
export const ADD_FAILURE = 'Failed to add cask.';
/**
 * docs/screens/casks.md#limits: after a successful add, the next form's current value starts at
 * 200.
 */
export const CURRENT_VALUE_AFTER_ADD = '200';

type TextFields = Exclude<CreateCaskField, 'owner'>;
type FormState = Record<TextFields, string> & { owner: string };

const emptyForm = (currentValue: string): FormState => ({
  type: 'cask',
  name: '',
  distillery: '',
  year: '',
  volume: '',
  abv: '',
  caskNumber: '',
  fillDate: '',
  warehouse: '',
  location: '',
  estimatedValue: '',
  currentValue,
  purchasePrice: '',
  status: DEFAULT_CASK_STATUS,
  owner: '',
});

/**
 * docs/screens/casks.md#add-new-cask: empty fields are left out of the payload; the image rides
 * along.
 */
function toFormData(form: FormState, image: File | null): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (value.trim() !== '') data.append(name, value.trim());
  }
  if (image) data.append(CASK_IMAGE_FIELD, image);
  return data;
}

interface AddCaskModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether a cask was added since the screen opened (the current value then starts at 200). */
  addedBefore: boolean;
  onAdded: () => void;
}

/**
 * Add New Cask, loaded through `lazyModal` (docs/decisions/125). Until a cask is added, each
 * opening starts from an empty form; after one it stays mounted (its next form starts at 200).
 */
export function AddCaskModal(props: AddCaskModalProps) {
  return props.open || props.addedBefore ? <AddCaskDialog {...props} /> : null;
}

/**
 * docs/screens/casks.md#add-new-cask. Only the owner is required here; the server checks
 * the rest and its field messages show under the fields.
 */
function AddCaskDialog({ open, onOpenChange, addedBefore, onAdded }: AddCaskModalProps) {
  const initial = () => emptyForm(addedBefore ? CURRENT_VALUE_AFTER_ADD : '');
  const [form, setForm] = useState<FormState>(initial);
  const [image, setImage] = useState<File | null>(null);
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const create = useCreateCask();
  const warehouses = useWarehouses();
  const fieldErrors = new Map(
    (create.error instanceof ApiError ? (create.error.errors ?? []) : []).map((error) => [
      error.field,
      error.message,
    ]),
  );

  const set = (name: keyof FormState) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }));
  const text = (
    name: TextFields,
    label: string,
    extra: { placeholder?: string; hint?: string; type?: string; max?: string } = {},
  ) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={(event) => set(name)(event.target.value)}
      error={fieldErrors.get(name)}
      {...extra}
    />
  );
  const number = (name: TextFields, label: string, step: string) => (
    <TextField
      label={label}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      step={step}
      value={form[name]}
      onChange={(event) => set(name)(event.target.value)}
      error={fieldErrors.get(name)}
    />
  );

  function close() {
    create.reset();
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.owner) {
      setOwnerError(OWNER_REQUIRED);
      return;
    }
    create.mutate(toFormData(form, image), {
      onSuccess: () => {
        toast.success(ADD_SUCCESS);
        setForm(emptyForm(CURRENT_VALUE_AFTER_ADD));
        setImage(null);
        onAdded();
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error(errorMessage(error, ADD_FAILURE));
      },
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add New Cask"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="add-cask-form" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Cask'}
          </Button>
        </>
      }
    >
      <form id="add-cask-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <CaskImageField file={image} onFileChange={setImage} />
        </div>
        <SelectField
          label="Type"
          name="type"
          value={form.type}
          onChange={(event) => set('type')(event.target.value)}
          options={CASK_TYPES.map((type) => ({ value: type, label: CASK_TYPE_LABELS[type] }))}
          error={fieldErrors.get('type')}
        />
        <CustomerCombobox
          label="Owner"
          name="owner"
          placeholder="Select User"
          clearLabel="Clear owner"
          value={form.owner}
          onChange={(id) => {
            set('owner')(id);
            if (id) setOwnerError(undefined);
          }}
          error={ownerError ?? fieldErrors.get('owner')}
          renderChosen={(option) => (
            <>
              Customer page: <CustomerLink id={option.id} name={option.fullName} />
            </>
          )}
        />
        {text('name', 'Cask Name')}
        {text('distillery', 'Distillery')}
        {text('caskNumber', 'Cask Number', {
          placeholder: 'e.g. 1234',
          hint: 'Unique with the distillery and the fill year.',
        })}
        {text('fillDate', 'Fill Date', {
          type: 'date',
          max: new Date().toISOString().slice(0, 10),
        })}
        {number('year', 'Year', '1')}
        {text('volume', 'Volume', { placeholder: 'e.g. 2000L' })}
        {text('abv', 'ABV', { placeholder: 'e.g. 40%' })}
        <WarehouseSelect
          name="warehouse"
          warehouses={warehouses.data}
          value={form.warehouse}
          onChange={(event) => set('warehouse')(event.target.value)}
          error={fieldErrors.get('warehouse')}
        />
        {text('location', 'Location', { placeholder: 'e.g. Rack 12, Bay 3' })}
        <SelectField
          label="Status"
          name="status"
          value={form.status}
          onChange={(event) => set('status')(event.target.value)}
          options={EDITABLE_CASK_STATUSES.map((status) => ({ value: status, label: status }))}
          error={fieldErrors.get('status')}
        />
        {number('currentValue', 'Current Price', '0.01')}
        {number('purchasePrice', 'Purchase Price', '0.01')}
      </form>
    </Modal>
  );
}
