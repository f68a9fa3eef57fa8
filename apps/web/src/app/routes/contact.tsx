import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { Page, PageHeader } from '../../components/ui/page';
import { usePublicConfig } from '../../features/public-site';

export function Component() {
  const config = usePublicConfig();
  const sales = config?.salesEmail || null;

  return (
    <Page title="Contact">
      <PageHeader
        eyebrow="Contact"
        title="Get in touch"
        lead="Tell us what you are working on, what went wrong, or what you would like Vision Terminal to do next."
      />
      <div className="grid gap-5 md:grid-cols-3">
        <Card>
          <h2 className="font-semibold">Sales and partnerships</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">Teams, larger volumes and the Enterprise plan.</p>
          {sales ? (
            <a href={`mailto:${sales}`} className="mt-4 inline-block font-mono text-sm text-accent underline">
              {sales}
            </a>
          ) : (
            <p className="mt-4 text-sm text-subtle">The sales address has not been configured for this installation.</p>
          )}
        </Card>
        <Card>
          <h2 className="font-semibold">Help with the app</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">
            Sign-in problems, results that look wrong, allowances and access codes.
          </p>
          <Link to="/support" className="mt-4 inline-block text-sm font-medium text-accent underline">
            Visit Support
          </Link>
        </Card>
        <Card>
          <h2 className="font-semibold">Your data</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">
            Export or delete everything we hold about you yourself, at any time.
          </p>
          <Link to="/privacy" className="mt-4 inline-block text-sm font-medium text-accent underline">
            How to export and delete
          </Link>
        </Card>
      </div>
    </Page>
  );
}
