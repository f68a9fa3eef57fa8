import { Link } from 'react-router';
import { Page, PageHeader } from '../../components/ui/page';
import { AnalysisScreen } from '../../features/analysis';
import { AccessPanel, ConsoleAccessPanel, MapAccessNotice } from '../../features/access';

export function Component() {
  return (
    <Page title="Launch VT" className="py-8 sm:py-12">
      <PageHeader
        eyebrow="Vision Terminal"
        title="Analyse a photo"
        lead="Upload a photo and see where in Miami-Dade County it was taken, with the evidence behind the answer."
      >
        <p className="mt-3 text-sm text-muted">
          With map access, the same analysis runs on the{' '}
          <Link to="/map" className="text-accent underline hover:text-accent-strong">
            map
          </Link>
          .
        </p>
      </PageHeader>
      <MapAccessNotice />
      <div className="mb-6">
        <AccessPanel />
      </div>
      <AnalysisScreen />
      <div className="mt-10">
        <ConsoleAccessPanel />
      </div>
    </Page>
  );
}
