import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  detailInputValue,
  fieldErrorsOf,
  OFFER_DETAIL_FIELDS,
  offerDetailsSchemas,
  offerFields,
} from '@cask/contracts/offer-form';
import { OFFER_TYPES, type Offer, type OfferType } from '@cask/contracts/offers';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { isStaleVersion, useReloadableRecord } from '@/lib/use-reloadable-record.ts';
import {
  ADD_FAILURE,
  ADD_SUCCESS,
  fetchOffer,
  UPDATE_FAILURE,
  UPDATE_SUCCESS,
  useCreateOffer,
  useUpdateOffer,
} from '../api/offer-mutations.ts';
import { typeLabel } from '../offer-labels.ts';
import { BannerPicker, SlidingImagesPicker, type ChosenImage } from './offer-images.tsx';
import { RecordHistory } from '@/components/audit/record-history.tsx';

interface OfferFormValues {
  type: OfferType;
  title: string;
  description: string;
  location: string;
  originalPrice: string;
  currentPrice: string;
  expiryDate: string;
  status: 'Active' | 'Inactive';
  /** The type's own fields, as typed (numbers are converted on save). */
  details: Record<string, string>;
}

const typeOptions = OFFER_TYPES.map((type) => ({ value: type, label: typeLabel(type) }));
const statusOptions = [
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/**
 * docs/screens/offers.md#add-offer--edit-offer: a new offer starts as a cask, active; an edit
 * starts from the offer.
 */
function initialValues(offer: Offer | null): OfferFormValues {
  return {
    type: offer?.type ?? 'cask',
    title: offer?.title ?? '',
    description: offer?.description ?? '',
    location: offer?.location ?? '',
    originalPrice: offer?.originalPrice?.toString() ?? '',
    currentPrice: offer?.currentPrice?.toString() ?? offer?.priceNumeric?.toString() ?? '',
    expiryDate: offer?.expiryDate ?? '',
    status: offer && !offer.isActive ? 'Inactive' : 'Active',
    // ABV and volume come back as numbers; the inputs show them with their unit ('58.2%').
    details: Object.fromEntries(
      (offer ? OFFER_DETAIL_FIELDS[offer.type] : []).map((field) => [
        field.key,
        detailInputValue(field, offer?.details[field.key]),
      ]),
    ),
  };
}

/** The type's details as the API takes them: blanks left out, whole numbers as numbers. */
function detailsPayload(type: OfferType, typed: Record<string, string | undefined>) {
  const payload: Record<string, string | number> = {};
  for (const field of OFFER_DETAIL_FIELDS[type]) {
    const value = (typed[field.key] ?? '').trim();
    if (value === '') continue;
    const number = Number(value);
    // Text that is no number is sent as it is, so the contract words the error.
    payload[field.key] = field.kind === 'integer' && Number.isFinite(number) ? number : value;
  }
  return payload;
}

/** The fields the form can show an error under; any other error goes in the red box. */
const formFields = new Set([
  'type',
  'title',
  'description',
  'location',
  'originalPrice',
  'currentPrice',
  'expiryDate',
  ...OFFER_TYPES.flatMap((type) => OFFER_DETAIL_FIELDS[type].map((f) => `details.${f.key}`)),
]);

const required = (label: string) => (
  <>
    {label}{' '}
    <span aria-hidden className="text-red-700">
      *
    </span>
  </>
);

/** What the form edits: a new offer, an existing one, or nothing (closed). */
export type OfferEditing = { mode: 'add' } | { mode: 'edit'; offer: Offer } | null;

/**
 * Add Offer / Edit Offer while `editing` is set, nothing otherwise: each opening starts from a new
 * form. The page loads it through `lazyModal` (docs/decisions/125).
 */
export function OfferFormModal({
  editing,
  onClose,
}: {
  editing: OfferEditing;
  onClose: () => void;
}) {
  if (editing === null) return null;
  const offer = editing.mode === 'edit' ? editing.offer : null;
  return <OfferFormDialog key={offer?.id ?? 'add'} offer={offer} onClose={onClose} />;
}

/** The form as the API takes it, multipart (docs/screens/offers.md#api-calls). */
function offerFormData(
  values: OfferFormValues,
  details: Record<string, string | number>,
  images: { editing: boolean; banner: ChosenImage | null; slides: ChosenImage[] },
): FormData {
  const { editing, banner, slides } = images;
  const form = new FormData();
  form.set('title', values.title.trim());
  form.set('type', values.type);
  // docs/screens/offers.md: the price is sent as a number; the list price is the current value.
  form.set('priceNumeric', values.currentPrice.trim());
  form.set('currentPrice', values.currentPrice.trim());
  form.set('originalPrice', values.originalPrice.trim());
  form.set('expiryDate', values.expiryDate);
  form.set('description', values.description);
  form.set('location', values.location);
  form.set('details', JSON.stringify(details));
  if (editing) {
    // docs/screens/offers.md: isActive is true when the status is Active.
    form.set('isActive', String(values.status === 'Active'));
    form.set('image', banner?.kind === 'kept' ? banner.url : '');
    form.set(
      'images',
      JSON.stringify(slides.flatMap((image) => (image.kind === 'kept' ? [image.url] : []))),
    );
  } else {
    // docs/screens/offers.md: a new offer is always sent as featured.
    form.set('isFeatured', 'true');
  }
  if (banner?.kind === 'new') form.append('offerImage', banner.file);
  for (const image of slides) if (image.kind === 'new') form.append('offerImages', image.file);
  return form;
}

/** The contracts' checks of the fields and the type's details, the first problem of each field. */
function problemsOf(values: OfferFormValues, details: Record<string, string | number>) {
  const checks = [
    offerFields.safeParse({ ...values, status: undefined, details: undefined }),
    offerDetailsSchemas[values.type].safeParse(details),
  ] as const;
  const problems = [
    ...(checks[0].success ? [] : fieldErrorsOf(checks[0].error)),
    ...(checks[1].success ? [] : fieldErrorsOf(checks[1].error, 'details')),
  ];
  // The first problem of each field is the one to fix first ('… is required').
  const shown = new Set<string>();
  return problems.filter((problem) => {
    if (shown.has(problem.field)) return false;
    shown.add(problem.field);
    return true;
  });
}

const keptBanner = (offer: Offer | null): ChosenImage | null =>
  offer?.image ? { kind: 'kept', url: offer.image } : null;
const keptSlides = (offer: Offer | null): ChosenImage[] =>
  offer?.images.map((url) => ({ kind: 'kept', url })) ?? [];

/**
 * The form's state: its fields, the chosen images, the offer as reloaded, and the save. An edit
 * refused because someone else saved the offer since it was opened offers to reload it: the form
 * is refilled from the offer as it is now (docs/decisions/208).
 */
function useOfferForm(opened: Offer | null, onClose: () => void) {
  const editing = opened !== null;
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const save = editing ? update : create;
  const busy = save.isPending;
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    control,
    reset,
    formState: { errors },
  } = useForm<OfferFormValues>({ defaultValues: initialValues(opened) });
  const type = useWatch({ control, name: 'type' });
  const [banner, setBanner] = useState<ChosenImage | null>(keptBanner(opened));
  const [slides, setSlides] = useState<ChosenImage[]>(keptSlides(opened));
  const { current: offer, reloader } = useReloadableRecord(
    opened,
    () => (opened ? fetchOffer(opened.id) : Promise.resolve(null)),
    (fresh) => {
      reset(initialValues(fresh));
      setBanner(keptBanner(fresh));
      setSlides(keptSlides(fresh));
      update.reset();
    },
  );

  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const details = detailsPayload(values.type, values.details);
    const problems = problemsOf(values, details);
    if (problems.length > 0) {
      for (const problem of problems) {
        setError(problem.field as keyof OfferFormValues, { message: problem.message });
      }
      return;
    }
    const form = offerFormData(values, details, { editing, banner, slides });

    const onError = (error: Error) => {
      if (!(error instanceof ApiError)) return;
      for (const fieldError of error.errors ?? []) {
        if (formFields.has(fieldError.field)) {
          setError(fieldError.field as keyof OfferFormValues, { message: fieldError.message });
        }
      }
    };
    const onSuccess = () => {
      toast.success(editing ? UPDATE_SUCCESS : ADD_SUCCESS);
      onClose();
    };
    if (offer) {
      update.mutate({ id: offer.id, form, version: offer.version }, { onSuccess, onError });
    } else {
      create.mutate(form, { onSuccess, onError });
    }
  });

  const images = { banner, setBanner, slides, setSlides };
  return {
    editing,
    save,
    busy,
    register,
    errors,
    setValue,
    type,
    images,
    offer,
    reloader,
    close,
    onSubmit,
  };
}

/**
 * docs/screens/offers.md#add-offer--edit-offer. Checked with the contracts the API uses (the
 * required fields are enforced on both sides, docs/decisions/140), sent as multipart
 * (docs/screens/offers.md#api-calls).
 */
function OfferFormDialog({
  offer: opened,
  onClose,
}: {
  /** null: Add Offer. */
  offer: Offer | null;
  onClose: () => void;
}) {
  const {
    editing,
    save,
    busy,
    register,
    errors,
    setValue,
    type,
    images,
    offer,
    reloader,
    close,
    onSubmit,
  } = useOfferForm(opened, onClose);

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={editing ? 'Edit Offer' : 'Add Offer'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="offer-form" disabled={busy} aria-busy={busy || undefined}>
            {editing ? (busy ? 'Updating...' : 'Update') : busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        id="offer-form"
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {save.isError && isStaleVersion(save.error) ? (
          <div className="sm:col-span-2">
            <StaleRecordAlert error={save.error} reloader={reloader} />
          </div>
        ) : save.isError ? (
          <div className="sm:col-span-2">
            <InlineError>
              {errorMessage(save.error, editing ? UPDATE_FAILURE : ADD_FAILURE)}
            </InlineError>
          </div>
        ) : null}
        <SelectField
          label={required('Type')}
          options={typeOptions}
          required
          error={errors.type?.message}
          {...register('type', {
            // docs/screens/offers.md: a new type starts with empty fields of its own; the rest is
            // kept.
            onChange: () => setValue('details', {}),
          })}
        />
        {editing ? (
          <SelectField label="Status" options={statusOptions} {...register('status')} />
        ) : (
          <span className="hidden sm:block" />
        )}
        <TextField
          label={required('Title')}
          className="sm:col-span-2"
          autoComplete="off"
          required
          maxLength={200}
          error={errors.title?.message}
          {...register('title')}
        />
        <TextareaField
          label="Description"
          className="sm:col-span-2"
          rows={3}
          maxLength={5000}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Location"
          className="sm:col-span-2"
          autoComplete="off"
          maxLength={200}
          error={errors.location?.message}
          {...register('location')}
        />

        <BannerPicker value={images.banner} onChange={images.setBanner} disabled={busy} />
        <SlidingImagesPicker value={images.slides} onChange={images.setSlides} disabled={busy} />

        <OfferDetailsFieldset key={type} type={type} register={register} errors={errors} />
        <ValuationFieldset register={register} errors={errors} />
        <TextField
          label={required('Deadline')}
          type="date"
          required
          error={errors.expiryDate?.message}
          {...register('expiryDate')}
        />
        {offer ? (
          <RecordHistory recordType="offer" recordId={offer.id} className="sm:col-span-2" />
        ) : null}
      </form>
    </Modal>
  );
}

interface FieldsProps {
  register: UseFormRegister<OfferFormValues>;
  errors: FieldErrors<OfferFormValues>;
}

/** The type's own fields; a new type starts them empty (its key is the type). */
function OfferDetailsFieldset({ type, register, errors }: FieldsProps & { type: OfferType }) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-oak-900">
        {typeLabel(type)} Details
      </legend>
      {OFFER_DETAIL_FIELDS[type].map((field) => (
        <TextField
          key={field.key}
          label={field.required ? required(field.label) : field.label}
          required={field.required}
          placeholder={field.placeholder}
          autoComplete="off"
          {...(field.kind === 'integer'
            ? { type: 'number', inputMode: 'numeric' as const, step: 1 }
            : { maxLength: 200 })}
          error={errors.details?.[field.key]?.message}
          {...register(`details.${field.key}`)}
        />
      ))}
    </fieldset>
  );
}

function ValuationFieldset({ register, errors }: FieldsProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-oak-900">Valuation</legend>
      <TextField
        label="Purchase Value ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        error={errors.originalPrice?.message}
        {...register('originalPrice')}
      />
      <TextField
        label={required('Current Value ($)')}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        required
        error={errors.currentPrice?.message}
        {...register('currentPrice')}
      />
    </fieldset>
  );
}
