import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageHeader } from '../../components/ui/page';
import { useSession } from '../../features/auth';

/** A UI preference (R-STATE-2 allows these in the browser): which terms version this browser accepted. */
const ACCEPTANCE_KEY = 'vt.terms.accepted';
const TERMS_VERSION = '2025-beta-1';

const points = [
  'Vision Terminal is a free beta; features can change and prices will be announced before they apply.',
  'Upload only photos you have the right to use, and never use the service to locate or follow a person.',
  'Results are estimates with a confidence and an uncertainty radius; do not rely on them where a mistake could cause harm.',
  'Stored photos are stripped of GPS and all other metadata; you can export or delete your data at any time.',
];

export function Component() {
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const [agreed, setAgreed] = useState(false);

  const accept = () => {
    try {
      window.localStorage.setItem(
        ACCEPTANCE_KEY,
        JSON.stringify({ version: TERMS_VERSION, at: new Date().toISOString() }),
      );
    } catch {
      // Storage may be full or disabled; acceptance still lets the user carry on.
    }
    navigate(isAuthenticated ? '/dashboard' : '/');
  };

  return (
    <Page title="Accept the Terms">
      <PageHeader
        eyebrow="Legal"
        title="Accept the Terms"
        lead="Before you continue, please read the summary below and the full terms."
      />
      <Card className="max-w-2xl">
        <ul className="list-disc space-y-3 pl-5 text-sm leading-relaxed text-muted">
          {points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-muted">
          Read the full{' '}
          <Link to="/terms" className="text-accent underline">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="text-accent underline">
            Privacy
          </Link>{' '}
          page.
        </p>
        <label className="mt-6 flex items-start gap-3 text-sm text-fg">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-[#5cc8ff]"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          I have read and accept the Terms of Service and the Privacy page.
        </label>
        <Button className="mt-6" size="lg" disabled={!agreed} onClick={accept}>
          Accept and continue
        </Button>
      </Card>
    </Page>
  );
}
