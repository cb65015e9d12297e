import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, ChevronRight, KeyRound, ShieldCheck, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ChangePasswordModal } from './components/change-password-modal.tsx';

const entryClass =
  'flex w-full items-center gap-4 rounded-xl border border-cream-300 bg-cream-50 px-4 py-4 text-left transition-colors hover:border-gold-400 hover:bg-white';

/** The inside of one entry; the link or button around it is named by the title alone. */
function EntryContent({
  icon,
  title,
  description,
  descriptionId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  descriptionId: string;
}) {
  return (
    <>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gold-300/30 text-gold-700">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-oak-900">{title}</span>
        <span id={descriptionId} className="block text-sm text-oak-700">
          {description}
        </span>
      </span>
      <ChevronRight aria-hidden size={18} className="shrink-0 text-oak-700" />
    </>
  );
}

/** Spec 000 §2 Settings (/setting): three entries and a back button. */
export default function SettingsPage() {
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const ids = useId();
  const entries = {
    profile: {
      title: 'Personal Information',
      description: 'Your name, phone number and picture',
      descriptionId: `${ids}-profile`,
    },
    password: {
      title: 'Change Password',
      description: 'A new password signs you out on your other devices',
      descriptionId: `${ids}-password`,
    },
    privacy: {
      title: 'Privacy & Policy',
      description: "The club's privacy policy",
      descriptionId: `${ids}-privacy`,
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
          <Link
            to="/setting/profile"
            className={entryClass}
            aria-label={entries.profile.title}
            aria-describedby={entries.profile.descriptionId}
          >
            <EntryContent icon={<UserRound aria-hidden size={20} />} {...entries.profile} />
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={entryClass}
            aria-label={entries.password.title}
            aria-describedby={entries.password.descriptionId}
            aria-haspopup="dialog"
            onClick={() => setPasswordOpen(true)}
          >
            <EntryContent icon={<KeyRound aria-hidden size={20} />} {...entries.password} />
          </button>
        </li>
        <li>
          <Link
            to="/setting/privacy"
            className={entryClass}
            aria-label={entries.privacy.title}
            aria-describedby={entries.privacy.descriptionId}
          >
            <EntryContent icon={<ShieldCheck aria-hidden size={20} />} {...entries.privacy} />
          </Link>
        </li>
      </ul>
      <ChangePasswordModal open={passwordOpen} onOpenChange={setPasswordOpen} />
    </div>
  );
}
