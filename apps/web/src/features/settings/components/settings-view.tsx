import { useState, type FormEvent } from 'react';
import type { User } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Page, PageHeader } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/api-client';
import { downloadAccountExport, timeZoneOptions, useProfile, useUpdateProfile } from '../api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { GalleryCard } from './gallery-card';

const errorText = (error: unknown) => errorMessage(error, 'Something went wrong. Please try again.');

const fieldClass =
  'mt-1.5 block h-10 w-full rounded-lg border border-line bg-raised px-3 text-sm text-fg placeholder:text-subtle focus:border-accent focus:outline-none';

export function SettingsView() {
  const profile = useProfile();
  return (
    <Page title="Settings" className="max-w-3xl">
      <PageHeader eyebrow="Account" title="Settings" lead="Your profile, your data, and your account." />
      {profile.isPending ? (
        <Card aria-busy="true">
          <p className="text-sm text-muted">Loading your profile…</p>
        </Card>
      ) : profile.isError ? (
        <Card role="alert">
          <p className="text-sm text-fg">Your profile could not be loaded.</p>
          <p className="mt-1 text-sm text-muted">{errorText(profile.error)}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <div className="space-y-6">
          {/* The form keeps what was typed; after a save the server's copy equals it, so it need not reset. */}
          <ProfileForm user={profile.data} />
          <GalleryCard />
          <ExportCard />
          <DeleteCard email={profile.data.email} />
        </div>
      )}
    </Page>
  );
}

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [company, setCompany] = useState(user.company ?? '');
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const [saved, setSaved] = useState(false);
  const zones = timeZoneOptions(user.timeZone);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    update.mutate(
      { name, company: company.trim() === '' ? null : company, customRole: user.customRole, timeZone },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-fg">Profile</h2>
      <p className="mt-1 text-sm text-muted">
        Signed in as <span className="break-all text-fg">{user.email}</span>
      </p>
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        <label className="block text-sm font-medium text-fg">
          Name
          <input
            className={fieldClass}
            name="name"
            value={name}
            maxLength={120}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-fg">
          Company
          <input
            className={fieldClass}
            name="company"
            value={company}
            maxLength={120}
            autoComplete="organization"
            placeholder="Optional"
            onChange={(e) => setCompany(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-fg">
          Time zone
          <select className={fieldClass} name="timeZone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap items-center gap-3 pt-1">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
          <p aria-live="polite" className="text-sm">
            {saved && !update.isPending && <span className="text-accent">Profile saved.</span>}
            {update.isError && <span className="text-red-300">{errorText(update.error)}</span>}
          </p>
        </div>
      </form>
    </Card>
  );
}

function ExportCard() {
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'done' } | { status: 'error'; message: string }>({
    status: 'idle',
  });
  const run = async () => {
    setState({ status: 'busy' });
    try {
      await downloadAccountExport();
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: errorText(error) });
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold text-fg">Export my data</h2>
      <p className="mt-1 text-sm text-muted">
        A JSON file with your profile, analyses and their results, location records, saved places, access-code
        redemptions, remembered places and activity log. Photos themselves are not included.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void run()} disabled={state.status === 'busy'}>
          {state.status === 'busy' ? 'Preparing…' : 'Export my data'}
        </Button>
        <p aria-live="polite" className="text-sm">
          {state.status === 'done' && <span className="text-muted">Your download has started.</span>}
          {state.status === 'error' && <span className="text-red-300">{state.message}</span>}
        </p>
      </div>
    </Card>
  );
}

function DeleteCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-500/40">
      <h2 className="text-lg font-semibold text-fg">Delete my account</h2>
      <p className="mt-1 text-sm text-muted">
        Removes your account and everything stored for it: analyses, photos, location records, saved places, remembered
        places and activity. This cannot be undone.
      </p>
      <Button className="mt-4 bg-red-600 text-white hover:bg-red-500" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} email={email} onClose={() => setOpen(false)} />
    </Card>
  );
}
