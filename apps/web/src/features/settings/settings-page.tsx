import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ArrowLeft,
  ChevronRight,
  KeyRound,
  LockKeyhole,
  Stamp,
  ShieldCheck,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { useCan } from '@/lib/current-admin.ts';

const ChangePasswordModal = lazyModal(
  () => import('./components/change-password-modal.tsx').then((m) => m.ChangePasswordModal),
  (props) => props.open,
);

const entryClass =
  'flex w-full items-center gap-4 rounded-xl border border-cream-300 bg-cream-50 px-4 py-4 text-left transition-colors hover:border-gold-400 hover:bg-white';

/**
 * The inside of one entry. The link or button around it takes its name from this text, title
 * then description, so the name contains everything the entry shows (WCAG 2.5.3).
 */
function EntryContent({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gold-300/30 text-gold-700">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-oak-900">{title}</span>
        {/* Keeps the two words apart in the name where block layout is not computed. */}{' '}
        <span className="block text-sm text-oak-700">{description}</span>
      </span>
      <ChevronRight aria-hidden size={18} className="shrink-0 text-oak-700" />
    </>
  );
}

/**
 * docs/screens/settings.md (/setting): its three entries, issue 28's 'Admins' and 'Security',
 * issue 45's 'Approvals' (an Owner's only), and a back button.
 */
export default function SettingsPage() {
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Issue 45: the Approvals policy is the Owner's alone (docs/screens/approvals.md#screens).
  const isOwner = useCan('manageAdmins');
  const entries = {
    profile: {
      title: 'Personal Information',
      description: 'Your name, phone number and picture',
    },
    password: {
      title: 'Change Password',
      description: 'A new password signs you out on your other devices',
    },
    security: {
      title: 'Security',
      description: 'Two-factor authentication and the devices signed in',
    },
    privacy: {
      title: 'Privacy & Policy',
      description: "The club's privacy policy",
    },
    admins: {
      title: 'Admins',
      description: 'Who can sign in here, their roles and invites',
    },
    approvals: {
      title: 'Approvals',
      description: 'Which actions need a second admin to approve them',
    },
  };

  return (
    <div className="mx-auto max-w-2xl">
      <Button variant="ghost" size="sm" className="-ml-2 mb-2" onClick={() => navigate('/')}>
        <ArrowLeft aria-hidden size={16} />
        Back
      </Button>
      <PageHeader title="Settings" />
      <ul className="space-y-3">
        <li>
          <Link to="/setting/profile" className={entryClass}>
            <EntryContent icon={<UserRound aria-hidden size={20} />} {...entries.profile} />
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={entryClass}
            aria-haspopup="dialog"
            onClick={() => setPasswordOpen(true)}
            {...preloadOn(ChangePasswordModal)}
          >
            <EntryContent icon={<KeyRound aria-hidden size={20} />} {...entries.password} />
          </button>
        </li>
        <li>
          <Link to="/setting/security" className={entryClass}>
            <EntryContent icon={<LockKeyhole aria-hidden size={20} />} {...entries.security} />
          </Link>
        </li>
        <li>
          <Link to="/setting/privacy" className={entryClass}>
            <EntryContent icon={<ShieldCheck aria-hidden size={20} />} {...entries.privacy} />
          </Link>
        </li>
        <li>
          <Link to="/setting/admins" className={entryClass}>
            <EntryContent icon={<UsersRound aria-hidden size={20} />} {...entries.admins} />
          </Link>
        </li>
        {isOwner ? (
          <li>
            <Link to="/setting/approvals" className={entryClass}>
              <EntryContent icon={<Stamp aria-hidden size={20} />} {...entries.approvals} />
            </Link>
          </li>
        ) : null}
      </ul>
      <ChangePasswordModal open={passwordOpen} onOpenChange={setPasswordOpen} />
    </div>
  );
}
