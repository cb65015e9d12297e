import { PageHeader } from '@/components/ui/page-header.tsx';

/** Placeholder: this screen is built by its own issue; the route and title exist already. */
export default function OffersPage() {
  return <PageHeader title="Offers" />;
}
