import { useId, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar.tsx';
import { imageFileProblem, usePreviewUrl } from '@/lib/image-file.ts';

export interface AvatarPickerProps {
  /** The avatar to show when no file is chosen: the saved URL, or null for the placeholder. */
  currentUrl: string | null;
  name: string;
  /**
   * The file chosen in this edit, not uploaded yet (docs/screens/settings.md#personal-information:
   * upload happens on save).
   */
  file: File | null;
  onFileChange: (file: File) => void;
  /** Back to the placeholder (saved as avatar null). */
  onRemove: () => void;
  editing: boolean;
}

/**
 * docs/screens/settings.md#personal-information: the avatar; while editing, clicking it opens an
 * image chooser (images only). A wrong file is refused here with a message, and nothing is
 * uploaded.
 */
export function AvatarPicker({
  currentUrl,
  name,
  file,
  onFileChange,
  onRemove,
  editing,
}: AvatarPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(file);
  const shown = previewUrl ?? currentUrl;

  if (!editing) {
    return <Avatar src={shown} name={name} size="lg" alt="Your avatar" />;
  }

  return (
    <div className="flex flex-col items-center">
      <button
        type="button"
        aria-label="Change avatar"
        aria-describedby={problem ? problemId : undefined}
        onClick={() => inputRef.current?.click()}
        className="group relative rounded-full"
      >
        <Avatar src={shown} name={name} size="lg" />
        <span
          aria-hidden
          className="absolute right-0 bottom-0 flex h-8 w-8 items-center justify-center rounded-full bg-gold-500 text-white ring-2 ring-cream-50 group-hover:bg-gold-600"
        >
          <Camera size={16} />
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-label="Avatar image"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          // The same file chosen again must fire a change next time too.
          event.target.value = '';
          if (!chosen) return;
          const reason = imageFileProblem(chosen);
          setProblem(reason);
          if (!reason) onFileChange(chosen);
        }}
      />
      {shown ? (
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            onRemove();
          }}
          className="mt-2 text-sm font-medium text-gold-700 underline-offset-2 hover:underline"
        >
          Remove avatar
        </button>
      ) : null}
      {problem ? (
        <p id={problemId} role="alert" className="mt-2 max-w-56 text-center text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
