import { Toaster } from 'react-hot-toast';

/**
 * docs/architecture.md#web-app: toasts at top-center, success 2000 ms, error 4000 ms (at most 20
 * kept).
 */
export default function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        success: { duration: 2000 },
        error: { duration: 4000 },
        blank: { duration: 4000 },
        loading: { duration: Infinity },
        style: { background: '#fffdf7', color: '#2b1f10', border: '1px solid #eadbb5' },
      }}
    />
  );
}
