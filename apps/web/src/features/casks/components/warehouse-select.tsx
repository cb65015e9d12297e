import { forwardRef } from 'react';
import type { Warehouse } from '@cask/contracts/casks';
import { SelectField, type SelectFieldProps } from '@/components/ui/select-field.tsx';

/**
 * 'Warehouse' (issue 44): 'None', or one of GET /warehouses (with its town), for Add Cask and
 * Edit Identity. The caller passes the warehouses once loaded (undefined while loading), so a
 * form never reads the select before the cask's warehouse is one of its options.
 */
export const WarehouseSelect = forwardRef<
  HTMLSelectElement,
  Omit<SelectFieldProps, 'label' | 'options' | 'placeholder'> & {
    warehouses: readonly Warehouse[] | undefined;
  }
>(function WarehouseSelect({ warehouses, ...props }, ref) {
  return (
    <SelectField
      ref={ref}
      label="Warehouse"
      options={[
        { value: '', label: warehouses ? 'None' : 'Loading warehouses...' },
        ...(warehouses ?? []).map((row) => ({
          value: row.id,
          label: row.city ? `${row.name} (${row.city})` : row.name,
        })),
      ]}
      {...props}
    />
  );
});
