import { lazy, Suspense } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';
import type { PhoneFieldProps } from './phone-field.tsx';

// react-international-phone (its countries and masks, 10 kB gzip) is not needed to draw the
// screen: the download starts as soon as the profile page runs, alongside the profile request,
// and no longer holds up the page's first draw (docs/decisions/125).
const loading = import('./phone-field.tsx');
const PhoneField = lazy(() => loading.then((m) => ({ default: m.PhoneField })));

/**
 * The phone field, loaded beside the profile. Until its code is there, a read-only field of the
 * same label and height shows the stored number, so nothing moves when it is replaced.
 */
export function LazyPhoneField(props: PhoneFieldProps) {
  return (
    <Suspense
      fallback={<TextField label={props.label} name={props.name} value={props.value} readOnly />}
    >
      <PhoneField {...props} />
    </Suspense>
  );
}
