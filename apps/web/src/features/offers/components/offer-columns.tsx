import type { Offer } from '@cask/contracts/offers';
import { UserRowActions } from '@/components/customers/user-row-actions.tsx';
import { CellText, type Column } from '@/components/ui/data-table.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatIsoDate, formatMoney } from '@/lib/format.ts';
import { typeLabel } from '../offer-labels.ts';

/**
 * docs/screens/offers.md: Offers (banner and title), Type, Price, Status (Active or Inactive, from
 * isActive), Deadline (the date part) and Actions (edit, delete).
 */
export function offerColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (offer: Offer) => void;
  onDelete: (offer: Offer) => void;
}): Column<Offer>[] {
  return [
    {
      id: 'offer',
      header: 'Offers',
      sort: 'title',
      cell: (offer) => (
        <div className="flex min-w-0 items-center gap-3">
          {offer.image ? (
            <img
              src={offer.image}
              alt=""
              loading="lazy"
              className="h-10 w-10 shrink-0 rounded-lg border border-cream-300 object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="h-10 w-10 shrink-0 rounded-lg border border-cream-300 bg-cream-100"
            />
          )}
          <CellText className="min-w-0 font-medium">{offer.title}</CellText>
        </div>
      ),
    },
    { id: 'type', header: 'Type', cell: (offer) => typeLabel(offer.type) },
    {
      id: 'price',
      header: 'Price',
      sort: 'priceNumeric',
      align: 'right',
      cell: (offer) => formatMoney(offer.priceNumeric),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (offer) =>
        offer.isActive ? (
          <StatusBadge tone="green">Active</StatusBadge>
        ) : (
          <StatusBadge tone="grey">Inactive</StatusBadge>
        ),
    },
    {
      id: 'deadline',
      header: 'Deadline',
      cell: (offer) => (offer.expiryDate ? formatIsoDate(offer.expiryDate) : 'N/A'),
    },
    {
      id: 'actions',
      pinned: true,
      header: 'Actions',
      align: 'right',
      cell: (offer) => (
        <UserRowActions onEdit={() => onEdit(offer)} onDelete={() => onDelete(offer)} />
      ),
    },
  ];
}
