import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';

export default function NotFoundPage() {
  return (
    <section>
      <PageHeader title="Page not found" />
      <p className="text-oak-700">
        There is nothing at this address.{' '}
        <Link className="text-gold-700 underline" to="/">
          Go to the dashboard
        </Link>
        .
      </p>
    </section>
  );
}
