import { useState, type FormEvent } from 'react';
import type { Notification, NotificationPriority } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useClearAnnouncements, usePublishAnnouncement } from '../api';
import { BannerView } from './announcement-banner';

const field =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none';

/** The founder's announcement form with a live preview (the server only accepts it from founders). */
export function AnnouncementComposer() {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<NotificationPriority>('normal');
  const [actionLink, setActionLink] = useState('');
  const [actionText, setActionText] = useState('');
  const [expires, setExpires] = useState('');
  const publish = usePublishAnnouncement();
  const clear = useClearAnnouncements();

  const preview: Notification = {
    id: 'preview',
    type: 'ANNOUNCEMENT',
    priority,
    title: title || 'Title',
    message: message || 'Message',
    actionLink: actionLink || null,
    actionText: actionText || 'Learn More',
    expiresAt: expires ? new Date(expires).toISOString() : null,
    createdAt: new Date().toISOString(),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    publish.mutate(
      {
        priority,
        title,
        message,
        actionLink: actionLink || undefined,
        actionText: actionText || undefined,
        expiresAt: expires ? new Date(expires).toISOString() : undefined,
      },
      { onSuccess: () => (setTitle(''), setMessage('')) },
    );
  };

  const error = publish.error ?? clear.error;
  return (
    <Card className="mt-5 p-5" data-testid="announcement-composer">
      <h2 className="text-lg font-semibold text-fg">Announcement</h2>
      <p className="mt-1 text-sm text-muted">
        Shown at once to everyone signed in, until they dismiss it or it expires.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2">
        <label className="text-sm text-muted sm:col-span-2">
          Title
          <input className={field} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />
        </label>
        <label className="text-sm text-muted sm:col-span-2">
          Message
          <textarea
            className={field}
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            required
            maxLength={1000}
          />
        </label>
        <label className="text-sm text-muted">
          Priority
          <select
            className={field}
            value={priority}
            onChange={(e) => setPriority(e.target.value as NotificationPriority)}
          >
            <option value="normal">Normal</option>
            <option value="urgent">Urgent</option>
          </select>
        </label>
        <label className="text-sm text-muted">
          Expires (optional)
          <input className={field} type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </label>
        <label className="text-sm text-muted">
          Action link (optional)
          <input
            className={field}
            value={actionLink}
            placeholder="/settings or https://…"
            onChange={(e) => setActionLink(e.target.value)}
          />
        </label>
        <label className="text-sm text-muted">
          Action text
          <input
            className={field}
            value={actionText}
            placeholder="Learn More"
            onChange={(e) => setActionText(e.target.value)}
            maxLength={40}
          />
        </label>
        <div className="sm:col-span-2">
          <p className="mb-1 text-xs tracking-wide text-subtle uppercase">Preview</p>
          <div className="overflow-hidden rounded-lg border border-line">
            <BannerView notification={preview} />
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {error.message}
          </p>
        )}
        {publish.isSuccess && !error && <p className="text-sm text-ok sm:col-span-2">Published.</p>}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={publish.isPending}>
            Publish
          </Button>
          <Button type="button" variant="secondary" disabled={clear.isPending} onClick={() => clear.mutate(false)}>
            Clear current
          </Button>
          <Button type="button" variant="ghost" disabled={clear.isPending} onClick={() => clear.mutate(true)}>
            Clear all
          </Button>
        </div>
      </form>
    </Card>
  );
}
