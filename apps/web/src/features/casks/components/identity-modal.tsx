import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { todayIso } from '@cask/contracts/cask-records';
import {
  CASK_NUMBER_MAX,
  caskIdentityBodyFor,
  type Cask,
  type CaskIdentityBody,
  type CaskIdentityValues,
  type Warehouse,
} from '@cask/contracts/casks';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';
import {
  isStaleVersion,
  useReloadableRecord,
  type RecordReload,
} from '@/lib/use-reloadable-record.ts';
import { fetchCask } from '../api/cask-mutations.ts';
import { useCaskRecord, useSaveCaskIdentity } from '../api/cask-record.ts';
import { useWarehouses } from '../api/warehouses.ts';
import { WarehouseSelect } from './warehouse-select.tsx';

/** docs/screens/casks.md#edit-identity. */
export const IDENTITY_SUCCESS = 'Cask identity saved';
export const IDENTITY_FAILURE = 'Failed to save the cask identity.';
export const WAREHOUSES_FAILURE = 'Failed to load the warehouses.';

const FIELDS = ['caskNumber', 'fillDate', 'warehouse', 'location'] as const;

/**
 * 'Edit Identity' (issue 44, docs/screens/casks.md#edit-identity, decision 430): the cask's
 * number, fill date, warehouse and place, checked with the contract the API checks (a number
 * needs the distillery and a fill year). The form opens once the warehouses are loaded, so the
 * cask's warehouse is one of the choices; it names the version it was opened on (412: Reload).
 */
export function IdentityModal({
  caskId,
  open,
  onOpenChange,
}: {
  caskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useCaskRecord(caskId).data;
  const warehouses = useWarehouses();
  const close = () => onOpenChange(false);
  let body = null;
  if (open && record) {
    if (warehouses.isError) {
      body = (
        <ErrorState
          title="Error Loading Warehouses"
          message={errorMessage(warehouses.error, WAREHOUSES_FAILURE)}
          onRetry={() => void warehouses.refetch()}
        />
      );
    } else if (!warehouses.data) {
      body = <LoadingState label="Loading warehouses..." />;
    } else {
      body = (
        <ReloadableIdentityForm cask={record.cask} warehouses={warehouses.data} onDone={close} />
      );
    }
  }
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Identity" layout="form">
      {body}
    </Modal>
  );
}

/** The form, started over from the cask as it is now each time the admin reloads it. */
function ReloadableIdentityForm({
  cask,
  warehouses,
  onDone,
}: {
  cask: Cask;
  warehouses: readonly Warehouse[];
  onDone: () => void;
}) {
  const { current, generation, reloader } = useReloadableRecord(cask, () => fetchCask(cask.id));
  return (
    <IdentityForm
      key={generation}
      cask={current}
      warehouses={warehouses}
      reloader={reloader}
      onDone={onDone}
    />
  );
}

function IdentityForm({
  cask,
  warehouses,
  reloader,
  onDone,
}: {
  cask: Cask;
  warehouses: readonly Warehouse[];
  reloader: RecordReload;
  onDone: () => void;
}) {
  const save = useSaveCaskIdentity(cask.id);
  const schema = useMemo(
    () => caskIdentityBodyFor({ distillery: cask.distillery, year: cask.year }),
    [cask.distillery, cask.year],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CaskIdentityBody, unknown, CaskIdentityValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      caskNumber: cask.caskNumber ?? '',
      fillDate: cask.fillDate ?? '',
      warehouse: cask.warehouse?.id ?? '',
      location: cask.location ?? '',
    },
  });
  const busy = save.isPending;

  const onSubmit = handleSubmit((body) => {
    save.mutate(
      { ...body, version: cask.version },
      {
        onSuccess: () => {
          toast.success(IDENTITY_SUCCESS);
          onDone();
        },
        onError: (error) => {
          // A stale version is told in the dialog, with its Reload button; a field's error (an
          // identity another cask has: 409) under its field; anything else in a toast.
          if (isStaleVersion(error)) return;
          if (!showFieldErrors(error, FIELDS, setError))
            toast.error(errorMessage(error, IDENTITY_FAILURE));
        },
      },
    );
  });

  return (
    <ModalForm
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      footer={
        <>
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <TextField
        label="Cask Number"
        autoComplete="off"
        placeholder="e.g. 1234 or RC-12/3"
        hint={`Letters, digits, '-' and '/', at most ${CASK_NUMBER_MAX}. With the distillery and the fill year it names one cask.`}
        error={errors.caskNumber?.message}
        {...register('caskNumber')}
      />
      <TextField
        label="Fill Date"
        type="date"
        max={todayIso()}
        hint="Its year becomes the cask's Year."
        error={errors.fillDate?.message}
        {...register('fillDate')}
      />
      <WarehouseSelect
        warehouses={warehouses}
        // React selects it as the select mounts, before react-hook-form reads the field.
        defaultValue={cask.warehouse?.id ?? ''}
        error={errors.warehouse?.message}
        {...register('warehouse')}
      />
      <TextField
        label="Location"
        autoComplete="off"
        placeholder="e.g. Rack 12, Bay 3"
        error={errors.location?.message}
        {...register('location')}
      />
      <div className="empty:hidden">
        <StaleRecordAlert error={save.error} reloader={reloader} />
      </div>
    </ModalForm>
  );
}
