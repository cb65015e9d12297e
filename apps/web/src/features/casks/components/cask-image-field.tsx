import { useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { labelClass } from '@/components/ui/field-parts.tsx';
import { imageFileProblem, usePreviewUrl } from '@/lib/image-file.ts';

/**
 * docs/screens/casks.md#add-new-cask: the cask image, chosen by click or dropped onto the zone
 * ('PNG, JPG up to 5MB'), with a preview and a remove button. A wrong file is refused here, with
 * its message.
 */
export function CaskImageField({
  file,
  onFileChange,
}: {
  file: File | null;
  onFileChange: (file: File | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = usePreviewUrl(file);

  function take(chosen: File | undefined) {
    if (!chosen) return;
    const reason = imageFileProblem(chosen);
    setProblem(reason);
    if (!reason) onFileChange(chosen);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  return (
    <div>
      <label htmlFor={inputId} className={labelClass}>
        Cask Image
      </label>
      {preview ? (
        <div className="relative inline-block">
          <img
            src={preview}
            alt="Chosen cask picture, preview"
            className="h-32 w-32 rounded-xl border border-cream-300 object-cover"
          />
          <button
            type="button"
            aria-label="Remove image"
            title="Remove image"
            onClick={() => {
              onFileChange(null);
              setProblem(null);
            }}
            className="absolute -top-2 -right-2 inline-flex h-7 w-7 items-center justify-center rounded-full bg-oak-900 text-cream-50 shadow hover:bg-oak-700"
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ) : (
        // The drop zone is a pointer convenience: the button inside it does the same by keyboard.
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="cask-image-drop-zone"
          className={`flex flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center ${dragging ? 'border-gold-500 bg-gold-300/20' : 'border-cream-300 bg-white'}`}
        >
          <ImagePlus aria-hidden size={28} className="text-gold-700" />
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            aria-describedby={problem ? problemId : undefined}
            className="text-sm font-medium text-gold-700 underline-offset-2 hover:underline"
          >
            Click to upload or drag and drop
          </button>
          <p className="text-xs text-oak-700">PNG, JPG up to 5MB</p>
        </div>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // The same file chosen again must fire a change next time too.
          event.target.value = '';
          take(chosen);
        }}
      />
      {problem ? (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
