import { useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { MAX_SLIDING_IMAGES } from '@cask/contracts/offers';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { formatMegabytes } from '@/lib/format.ts';
import { imageFileProblem, usePreviewUrl } from '@/lib/image-file.ts';

/** An image of the form: one the offer has already (its URL), or a file chosen now. */
export type ChosenImage = { kind: 'kept'; url: string } | { kind: 'new'; file: File; key: number };

let nextKey = 0;
const chosen = (file: File): ChosenImage => ({ kind: 'new', file, key: (nextKey += 1) });

const HINT = 'PNG, JPG, WebP or GIF up to 5MB';

function Preview({
  image,
  alt,
  className,
}: {
  image: ChosenImage;
  alt: string;
  className: string;
}) {
  const previewUrl = usePreviewUrl(image.kind === 'new' ? image.file : null);
  const src = image.kind === 'new' ? previewUrl : image.url;
  return src ? <img src={src} alt={alt} className={className} /> : null;
}

/** The dashed box that opens the file chooser it labels (click, or the keyboard on the input). */
function DropLabel({ htmlFor, text }: { htmlFor: string; text: string }) {
  return (
    <label
      htmlFor={htmlFor}
      className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-cream-300 bg-white px-4 py-5 text-center text-sm text-oak-700 hover:border-gold-500 hover:bg-cream-100"
    >
      <ImagePlus size={22} aria-hidden className="text-gold-700" />
      <span className="font-medium text-oak-900">{text}</span>
      <span className="text-xs">{HINT}</span>
    </label>
  );
}

const fileInputClass = 'peer sr-only';

/** Why a chosen file was refused, in a red box under its picker. */
function Problem({ text }: { text: string | null }) {
  return text ? (
    <div className="mt-2">
      <InlineError>{text}</InlineError>
    </div>
  ) : null;
}
/** The input is hidden; its keyboard focus shows on the box that follows it. */
const focusRing = 'rounded-xl peer-focus-visible:ring-2 peer-focus-visible:ring-gold-600';

/**
 * docs/screens/offers.md#add-offer--edit-offer, 'Banner Image': one image, shown with its name and
 * size in MB (2 decimals), with Change and Remove. A wrong file is refused here with a message (the
 * server checks again).
 */
export function BannerPicker({
  value,
  onChange,
  disabled,
}: {
  value: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 block text-sm font-medium text-oak-900">Banner Image</legend>
      <input
        ref={input}
        id="offer-banner-input"
        type="file"
        accept="image/*"
        aria-label="Banner Image"
        disabled={disabled}
        className={fileInputClass}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again must fire a change next time too.
          event.target.value = '';
          if (!file) return;
          const reason = imageFileProblem(file);
          setProblem(reason);
          if (!reason) onChange(chosen(file));
        }}
      />
      <div className={focusRing}>
        {value ? (
          <div className="flex flex-col gap-3 rounded-xl border border-cream-300 bg-white p-3 sm:flex-row sm:items-center">
            <Preview
              image={value}
              alt="Banner preview"
              className="h-20 w-32 rounded-lg border border-cream-300 object-cover"
            />
            <p className="min-w-0 flex-1 text-sm text-oak-900">
              {value.kind === 'new' ? (
                <>
                  <span className="block truncate font-medium">{value.file.name}</span>
                  <span className="text-oak-700">{formatMegabytes(value.file.size)}</span>
                </>
              ) : (
                <span className="font-medium">Current banner</span>
              )}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={disabled}
                onClick={() => input.current?.click()}
              >
                Change
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            </div>
          </div>
        ) : (
          <DropLabel htmlFor="offer-banner-input" text="Click to upload a banner" />
        )}
      </div>
      <Problem text={problem} />
    </fieldset>
  );
}

/**
 * docs/screens/offers.md#add-offer--edit-offer, 'Sliding Images': several images with a preview and
 * a remove each, at most MAX_SLIDING_IMAGES in all (the server says the same).
 */
export function SlidingImagesPicker({
  value,
  onChange,
  disabled,
}: {
  value: ChosenImage[];
  onChange: (images: ChosenImage[]) => void;
  disabled: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= MAX_SLIDING_IMAGES;
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-1 block text-sm font-medium text-oak-900">
        Sliding Images{' '}
        <span className="font-normal text-oak-700">
          ({value.length} of {MAX_SLIDING_IMAGES})
        </span>
      </legend>
      {value.length > 0 ? (
        <ul className="mb-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {value.map((image, index) => (
            <li
              key={image.kind === 'new' ? image.key : image.url}
              className="relative overflow-hidden rounded-lg border border-cream-300 bg-white"
            >
              <Preview
                image={image}
                alt={`Sliding image ${index + 1}`}
                className="aspect-square w-full object-cover"
              />
              <IconButton
                label={`Remove sliding image ${index + 1}`}
                disabled={disabled}
                className="absolute top-1 right-1 h-7! w-7! bg-cream-50/90 text-red-700 shadow-sm hover:bg-red-50"
                onClick={() => {
                  setProblem(null);
                  onChange(value.filter((other) => other !== image));
                }}
              >
                <X size={14} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id="offer-slides-input"
        type="file"
        accept="image/*"
        multiple
        aria-label="Sliding Images"
        disabled={disabled || full}
        className={fileInputClass}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          const reasons = files.map(imageFileProblem);
          const good = files.filter((_, index) => reasons[index] === null);
          const room = MAX_SLIDING_IMAGES - value.length;
          const reason =
            reasons.find((r) => r !== null) ??
            (good.length > room
              ? `At most ${MAX_SLIDING_IMAGES} sliding images are allowed`
              : null);
          setProblem(reason);
          if (good.length > 0) onChange([...value, ...good.slice(0, room).map(chosen)]);
        }}
      />
      {full ? null : (
        <div className={focusRing}>
          <DropLabel htmlFor="offer-slides-input" text="Click to add sliding images" />
        </div>
      )}
      <Problem text={problem} />
    </fieldset>
  );
}
