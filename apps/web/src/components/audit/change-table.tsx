import { Link } from 'react-router';
import { referenceLink, type FieldValue } from '@/lib/audit-fields.ts';
import { fieldChanges, type ChangedEntry } from '@/lib/audit-changes.ts';

/** A value of the table: a record named by id is its name, linked to where it is shown. */
function Value({ value }: { value: FieldValue }) {
  const link = value.record ? referenceLink(value.record) : null;
  if (!link) return value.text;
  return (
    <Link to={link} className="text-gold-700 underline hover:text-oak-900">
      {value.text}
    </Link>
  );
}

/**
 * An entry's change, field by field (Field, Before, After) with the screens' labels and formats;
 * a changed field is marked in words ('Changed', for screen readers and in print) and in colour.
 */
export function ChangeTable({ entry }: { entry: ChangedEntry }) {
  const changes = fieldChanges(entry);
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
                {change.label}
                {change.changed ? (
                  <span className="ml-2 rounded bg-gold-300 px-1.5 py-0.5 text-xs font-semibold text-oak-900">
                    Changed
                  </span>
                ) : null}
              </th>
              <td className="px-3 py-2 [overflow-wrap:anywhere] text-oak-700">
                <Value value={change.before} />
              </td>
              <td className="px-3 py-2 [overflow-wrap:anywhere] text-oak-900">
                <Value value={change.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
