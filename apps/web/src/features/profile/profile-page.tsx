import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetError,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import { lazyToast } from '@/lib/lazy-toast.ts';
import { ArrowLeft, Pencil } from 'lucide-react';
import type { AdminProfile } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useProfile } from '@/lib/current-admin.ts';
import { lazyResolver } from '@/lib/lazy-resolver.ts';
import { AvatarPicker } from './components/avatar-picker.tsx';
import { LazyPhoneField } from './components/lazy-phone-field.tsx';
import { toProfileForm, type ProfileForm } from './profile-form.ts';
import { AvatarUploadError, useSaveProfile } from './use-save-profile.ts';

const EMPTY_FORM: ProfileForm = { fullName: '', phone: '' };
const SAVE_FAILED = 'Failed to update profile. Please try again.';
/** The form's schema, loaded when it is first validated or once the form is drawn (decision 450). */
const resolver = lazyResolver(async () => (await import('@cask/contracts/profile')).profileForm);

/**
 * 'admin' -> 'Admin': the role as a label under the avatar
 * (docs/screens/settings.md#personal-information).
 */
function roleLabel(role: string): string {
  return role ? `${role.charAt(0).toUpperCase()}${role.slice(1)}` : '';
}

/**
 * docs/screens/settings.md#texts: the first message of errors[], else the screen's own text; an
 * avatar that could not be uploaded says so.
 */
function showSaveFailure(error: Error, setError: UseFormSetError<ProfileForm>) {
  if (error instanceof AvatarUploadError) {
    lazyToast('error', error.message);
    return;
  }
  const fieldErrors = error instanceof ApiError ? (error.errors ?? []) : [];
  for (const item of fieldErrors) {
    if (item.field === 'fullName' || item.field === 'phone') {
      setError(item.field, { message: item.message });
    }
  }
  lazyToast('error', fieldErrors[0]?.message ?? SAVE_FAILED);
}

/**
 * docs/screens/settings.md#personal-information (/setting/profile): read-only until 'Edit Profile';
 * while editing, the avatar opens an image chooser and 'Save Info' uploads the chosen file, then
 * saves the profile. Success returns to read-only; failure stays editable.
 */
export default function ProfilePage() {
  const navigate = useNavigate();
  const profileQuery = useProfile();
  const profile = profileQuery.data;
  const save = useSaveProfile();
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [avatarRemoved, setAvatarRemoved] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  const form = useForm<ProfileForm>({
    resolver,
    // Follows the saved profile while viewing: after a save the fields show what the server
    // stored. While editing it stops following, so a refetch (window focus, another tab's save)
    // never overwrites what the admin is typing.
    values: editing ? undefined : profile ? toProfileForm(profile) : EMPTY_FORM,
  });
  const { register, control, handleSubmit, reset, setError, setFocus } = form;
  const errors = form.formState.errors;

  useEffect(() => resolver.preload(), []);

  // Keyboard users land on the first field when editing starts, and back on 'Edit Profile'.
  useEffect(() => {
    if (editing) setFocus('fullName');
    else if (wasEditing.current) actionsRef.current?.querySelector('button')?.focus();
    wasEditing.current = editing;
  }, [editing, setFocus]);

  const leaveEditing = (saved: AdminProfile) => {
    reset(toProfileForm(saved));
    setFile(null);
    setAvatarRemoved(false);
    setEditing(false);
  };

  const onSubmit = handleSubmit((values) => {
    if (!profile) return;
    save.mutate(
      { profile, values, file, avatar: avatarRemoved ? null : profile.avatar },
      {
        onSuccess: (saved) => {
          lazyToast('success', 'Profile updated successfully!');
          leaveEditing(saved);
        },
        onError: (error) => showSaveFailure(error, setError),
      },
    );
  });

  const saving = save.isPending;
  const actions = (
    <ProfileActions
      editing={editing}
      saving={saving}
      formId={formId}
      canEdit={Boolean(profile)}
      actionsRef={actionsRef}
      onCancel={() => profile && leaveEditing(profile)}
      onEdit={() => setEditing(true)}
    />
  );

  let content;
  if (profileQuery.isPending) {
    content = <LoadingState label="Loading profile..." />;
  } else if (!profile) {
    content = (
      <ErrorState
        title="Could not load your profile"
        message={errorMessage(profileQuery.error, 'Please try again.')}
        onRetry={() => void profileQuery.refetch()}
      />
    );
  } else if (saving) {
    // docs/screens/settings.md#personal-information: a spinner replaces the form while saving.
    content = <LoadingState label="Saving your profile..." />;
  } else {
    const shownAvatar = avatarRemoved ? null : profile.avatar;
    content = (
      <form
        id={formId}
        noValidate
        onSubmit={onSubmit}
        className="grid gap-8 md:grid-cols-[12rem_1fr]"
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <AvatarPicker
            key={editing ? 'editing' : 'viewing'}
            currentUrl={shownAvatar}
            name={profile.fullName}
            file={file}
            editing={editing}
            onFileChange={(chosen) => {
              setFile(chosen);
              setAvatarRemoved(false);
            }}
            onRemove={() => {
              setFile(null);
              setAvatarRemoved(true);
            }}
          />
          <p className="text-sm font-medium tracking-wide text-gold-700">
            {roleLabel(profile.role)}
          </p>
        </div>
        <ProfileFields
          editing={editing}
          email={profile.email}
          register={register}
          control={control}
          errors={errors}
        />
      </form>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <Button variant="ghost" size="sm" className="-ml-2 mb-2" onClick={() => navigate('/setting')}>
        <ArrowLeft aria-hidden size={16} />
        Back
      </Button>
      <PageHeader title="Personal Information" actions={actions} />
      <section className="rounded-2xl border border-cream-300 bg-cream-50 p-6">{content}</section>
    </div>
  );
}

/** 'Edit Profile' while viewing; Cancel and 'Save Info' while editing. */
function ProfileActions({
  editing,
  saving,
  formId,
  canEdit,
  actionsRef,
  onCancel,
  onEdit,
}: {
  editing: boolean;
  saving: boolean;
  formId: string;
  canEdit: boolean;
  actionsRef: RefObject<HTMLDivElement | null>;
  onCancel: () => void;
  onEdit: () => void;
}) {
  return editing ? (
    <div ref={actionsRef} className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={saving} aria-busy={saving}>
        {saving ? 'Saving...' : 'Save Info'}
      </Button>
    </div>
  ) : (
    <div ref={actionsRef}>
      <Button disabled={!canEdit} onClick={onEdit}>
        <Pencil aria-hidden size={16} />
        Edit Profile
      </Button>
    </div>
  );
}

/** Name and phone, editable while editing; the e-mail never is. */
function ProfileFields({
  editing,
  email,
  register,
  control,
  errors,
}: {
  editing: boolean;
  email: string;
  register: UseFormRegister<ProfileForm>;
  control: Control<ProfileForm>;
  errors: FieldErrors<ProfileForm>;
}) {
  return (
    <div className="space-y-4">
      <TextField
        label="Name"
        autoComplete="name"
        readOnly={!editing}
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="E-mail"
        type="email"
        value={email}
        readOnly
        hint={editing ? 'The e-mail address cannot be changed.' : undefined}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <LazyPhoneField
            label="Phone Number"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            readOnly={!editing}
            error={errors.phone?.message}
          />
        )}
      />
    </div>
  );
}
