import { lazyModal } from '@/components/ui/lazy-modal.tsx';

/** `EditUserModal` loaded when it first opens (docs/decisions/125); same props. */
export const LazyEditUserModal = lazyModal(
  () => import('./edit-user-modal.tsx').then((m) => m.EditUserModal),
  (props) => props.user !== null,
);
