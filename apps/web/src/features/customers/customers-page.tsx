import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { useUrlSearch } from '@/lib/use-list-params.ts';
import { RewardList } from './components/reward-list.tsx';
import { CustomerList } from './components/customer-list.tsx';

/** Typing pauses this long before a search is sent (within the 250-500 ms the issue allows). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * docs/screens/users.md#user-management (/user) with the Reward List under it. The one search box
 * filters both lists (they list the same customers, decision 042); each list keeps its own page.
 */
export default function CustomersPage() {
  // In the URL (`q`), with each list's page and sort (issue 31).
  const { text, onTextChange, search } = useUrlSearch(SEARCH_DEBOUNCE_MS);

  return (
    <>
      <PageHeader title="User Management" />
      {/* Its own row, wide enough for the whole placeholder, at 375 px too. */}
      <div className="mb-4">
        <SearchInput
          label="Search users"
          placeholder="Search users by name or email..."
          value={text}
          onValueChange={onTextChange}
          maxLength={SEARCH_MAX_LENGTH}
          className="sm:w-96!"
        />
      </div>
      <CustomerList search={search} />
      <RewardList search={search} />
    </>
  );
}
