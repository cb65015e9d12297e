import { Link } from 'react-router';

/** A customer's name that opens their page (`/user/:id`, issue 30). */
export function CustomerLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      to={`/user/${id}`}
      className="font-medium text-gold-700 underline decoration-gold-300 underline-offset-2 hover:decoration-gold-700"
    >
      {name}
    </Link>
  );
}
