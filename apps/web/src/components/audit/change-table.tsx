import { fieldChanges } from '@/lib/audit-changes.ts';

/**
 * An entry's change, field by field (Field, Before, After); a changed field is marked in words
 * ('Changed', for screen readers and in print) and in colour.
 */
export function ChangeTable({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  if (changes.length === 0) return <p className="text-sm text-oak-700">No fields recorded.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-cream-300 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Change</caption>
        <thead className="bg-cream-100 text-xs font-semibold text-oak-900">
          <tr>
            <th scope="col" className="px-3 py-2">
              Field
            </th>
            <th scope="col" className="px-3 py-2">
              Before
            </th>
            <th scope="col" className="px-3 py-2">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr
              key={change.field}
              className={`border-t border-cream-200 align-top ${change.changed ? 'bg-cream-200' : ''}`}
            >
              <th scope="row" className="px-3 py-2 font-medium text-oak-900">
                {change.field}
                {change.changed ? (
                  <span className="ml-2 rounded bg-gold-300 px-1.5 py-0.5 text-xs font-semibold text-oak-900">
                    Changed
                  </span>
                ) : null}
              </th>
              <td className="px-3 py-2 [overflow-wrap:anywhere] text-oak-700">{change.before}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere] text-oak-900">{change.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
