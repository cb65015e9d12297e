import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResults } from '@cask/contracts/search';
import { Modal } from '@/components/ui/modal.tsx';
import { inputClass } from '@/components/ui/text-field.tsx';
import { can, useRole } from '@/lib/current-admin.ts';
import { dialogRequest } from '@/lib/requested-dialog.ts';
import { SEARCH_PARAM } from '@/lib/use-list-params.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { SEARCH_DEBOUNCE_MS, useSearchEverything } from '../api/search-everything.ts';

/** A screen the palette offers by name (the sidebar's and the settings'). */
export interface PaletteScreen {
  label: string;
  to: string;
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The screens to offer, in order (the app shell knows them). */
  screens: readonly PaletteScreen[];
}

type GroupName = 'Actions' | 'Screens' | 'Customers' | 'Casks' | 'Orders' | 'Offers';

interface PaletteOption {
  key: string;
  group: GroupName;
  label: string;
  /** A second line: an e-mail, a distillery, an order's customer. */
  detail?: string | undefined;
  to: string;
  state?: unknown;
}

/** Spec texts of the screens' own buttons; each opens its dialog on its screen. */
const ACTIONS = [
  { label: 'Add Cask', to: '/cask', state: dialogRequest('add-cask'), ability: 'change' },
  {
    label: 'Create Notification',
    to: '/notifications',
    state: dialogRequest('create-notification'),
    ability: 'change',
  },
  {
    label: 'Invite Admin',
    to: '/setting/admins',
    state: dialogRequest('invite-admin'),
    ability: 'manageAdmins',
  },
] as const;

const matches = (label: string, term: string) =>
  label.toLocaleLowerCase().includes(term.toLocaleLowerCase());

/** The API's results as options, in the order the groups show them. */
function resultOptions(results: SearchResults): PaletteOption[] {
  return [
    ...results.customers.map((customer) => ({
      key: `customer-${customer.id}`,
      group: 'Customers' as const,
      label: customer.fullName,
      detail: customer.email,
      to: `/user/${customer.id}`,
    })),
    ...results.casks.map((cask) => ({
      key: `cask-${cask.id}`,
      group: 'Casks' as const,
      label: cask.name,
      detail: [cask.distillery, cask.status].filter(Boolean).join(' · '),
      to: `/cask/${cask.id}`,
    })),
    // An order opens its customer's page, whose 'Orders' section lists it (decision 260).
    ...results.orders.map((order) => ({
      key: `order-${order.id}`,
      group: 'Orders' as const,
      label: order.title,
      detail: `${order.reference} · ${order.customerName} · ${order.status} · opens the customer's page`,
      to: `/user/${order.customerId}`,
    })),
    // The Offers list searched by the offer's title shows it (the list keeps its search in `q`).
    ...results.offers.map((offer) => ({
      key: `offer-${offer.id}`,
      group: 'Offers' as const,
      label: offer.title,
      detail: offer.type,
      to: `/offers?${new URLSearchParams({ [SEARCH_PARAM]: offer.title }).toString()}`,
    })),
  ];
}

/** The actions this role may take and the screens whose name holds the term. */
function localOptions(
  role: ReturnType<typeof useRole>,
  screens: readonly PaletteScreen[],
  term: string,
): PaletteOption[] {
  return [
    ...ACTIONS.filter((action) => can(role, action.ability) && matches(action.label, term)).map(
      (action) => ({
        key: `action-${action.label}`,
        group: 'Actions' as const,
        label: action.label,
        to: action.to,
        state: action.state,
      }),
    ),
    ...screens
      .filter((screen) => matches(screen.label, term))
      .map((screen) => ({
        key: `screen-${screen.to}`,
        group: 'Screens' as const,
        label: screen.label,
        to: screen.to,
      })),
  ];
}

/** The groups in the options' order (Object.groupBy is newer than the browsers supported). */
function groupsOf(options: PaletteOption[]): [GroupName, PaletteOption[]][] {
  const groups: [GroupName, PaletteOption[]][] = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last?.[0] === option.group) last[1].push(option);
    else groups.push([option.group, [option]]);
  }
  return groups;
}

/**
 * Issue 31: 'Search everything' (Ctrl+K or the header's 'Search'). The screens and actions
 * matching the typed text show at once; customers, casks, orders and offers come from
 * GET /search 250 ms after the typing pauses. The WAI-ARIA combobox pattern, as the customer
 * picker's (decision 260): focus stays in the field, ArrowDown/ArrowUp (and Home/End) move the
 * highlighted option, Enter opens it, Escape closes the dialog. Actions that change something are
 * not offered to a Viewer; 'Invite Admin' only to an Owner.
 */
export function CommandPalette({ open, onOpenChange, screens }: CommandPaletteProps) {
  const navigate = useNavigate();
  const role = useRole();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listboxId = `${inputId}-listbox`;
  const [text, setText] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const term = text.trim();
  const searched = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const results = useSearchEverything(searched);

  const options = useMemo(() => {
    const local = localOptions(role, screens, term);
    // The records only for a term; the last term's stay while the next one loads.
    const records =
      term !== '' && searched !== '' && results.data ? resultOptions(results.data) : [];
    return [...local, ...records];
  }, [role, screens, term, searched, results.data]);

  // The highlight follows its option when results arrive; without one, the first option.
  const activeIndex = Math.max(
    0,
    options.findIndex((option) => option.key === activeKey),
  );
  const active = options[activeIndex];
  const optionId = (option: PaletteOption) => `${inputId}-${option.key}`;

  useEffect(() => {
    if (!active) return;
    document.getElementById(`${inputId}-${active.key}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, inputId]);

  function choose(option: PaletteOption) {
    onOpenChange(false);
    setText('');
    setActiveKey(null);
    void navigate(option.to, option.state === undefined ? undefined : { state: option.state });
  }

  function move(to: number) {
    const option = options[(to + options.length) % options.length];
    if (option) setActiveKey(option.key);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(options.length - 1);
    else if (event.key === 'Enter') {
      if (active) choose(active);
    } else return;
    event.preventDefault();
  }

  const settling = term !== searched || (searched !== '' && results.isFetching);
  const statusText =
    term === ''
      ? 'Type to search customers, casks, orders and offers.'
      : settling
        ? 'Searching...'
        : results.isError
          ? 'Could not search. Try again.'
          : options.length === 0
            ? `No results for “${term}”.`
            : `${options.length} ${options.length === 1 ? 'result' : 'results'}.`;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Search everything"
      size="lg"
      initialFocus={inputRef}
      fullScreenOnPhone
    >
      <div className="relative">
        <Search
          aria-hidden
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-oak-700"
        />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-label="Search customers, casks, orders, offers and screens"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={options.length > 0 ? listboxId : undefined}
          aria-activedescendant={active ? optionId(active) : undefined}
          placeholder="Name, e-mail, cask, distillery, product, offer or screen"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          className={`${inputClass} pl-9`}
        />
      </div>
      <p role="status" className="mt-2 text-xs text-oak-700">
        {statusText}
      </p>
      {options.length > 0 ? (
        <ResultList
          listboxId={listboxId}
          inputId={inputId}
          groups={groupsOf(options)}
          active={active}
          optionId={optionId}
          onChoose={choose}
          onActivate={setActiveKey}
        />
      ) : null}
    </Modal>
  );
}

/** The options, under their groups' headings. */
function ResultList({
  listboxId,
  inputId,
  groups,
  active,
  optionId,
  onChoose,
  onActivate,
}: {
  listboxId: string;
  inputId: string;
  groups: [GroupName, PaletteOption[]][];
  active: PaletteOption | undefined;
  optionId: (option: PaletteOption) => string;
  onChoose: (option: PaletteOption) => void;
  onActivate: (key: string) => void;
}) {
  return (
    <div
      id={listboxId}
      role="listbox"
      aria-label="Results"
      className="mt-2 max-h-[55vh] overflow-y-auto max-md:max-h-none rounded-lg border border-cream-300 bg-white py-1"
    >
      {groups.map(([group, members]) => (
        <div key={group} role="group" aria-labelledby={`${inputId}-group-${group}`}>
          <div
            id={`${inputId}-group-${group}`}
            className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-gold-700 uppercase"
          >
            {group}
          </div>
          {members.map((option) => (
            // Keyboard users choose through the field (aria-activedescendant, the ARIA
            // combobox pattern); options never take focus, so they need no key handler.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <div
              key={option.key}
              id={optionId(option)}
              role="option"
              // Never in the tab order: focus stays in the field (aria-activedescendant).
              tabIndex={-1}
              aria-selected={option === active}
              // Keep the focus in the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option)}
              onMouseMove={() => onActivate(option.key)}
              className={`cursor-pointer px-3 py-2 text-sm max-md:py-3 ${option === active ? 'bg-cream-200' : ''}`}
            >
              <span className="block font-medium break-words text-oak-900">{option.label}</span>
              {option.detail ? (
                <span className="block text-xs break-all text-oak-700">{option.detail}</span>
              ) : null}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
