import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button.tsx';

/** What the download holds: the codes, one a line, and what they are for. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Cask Admin recovery codes',
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Issue 28: the ten recovery codes, shown once (after the set-up, or when new ones replace them),
 * with 'Copy' and 'Download'.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const text = recoveryCodesText(codes);
  return (
    <>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-cream-300 bg-white p-4 font-mono text-sm text-oak-900"
      >
        {codes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            navigator.clipboard.writeText(text).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Copying failed: select the codes and copy them yourself'),
            );
          }}
        >
          Copy
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
            const link = document.createElement('a');
            link.href = url;
            link.download = 'cask-admin-recovery-codes.txt';
            link.click();
            URL.revokeObjectURL(url);
          }}
        >
          Download
        </Button>
      </div>
    </>
  );
}
