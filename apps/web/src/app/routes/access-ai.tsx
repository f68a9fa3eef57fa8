import { Link, useNavigate } from 'react-router';
import { Page, PageHeader } from '../../components/ui/page';
import { AnalysisScreen } from '../../features/analysis';
import { AccessPanel, ConsoleAccessPanel, MapAccessNotice } from '../../features/access';
import { droppedPhotos, folderNameOf, photosOf, useStartTrip } from '../../features/trips';

export function Component() {
  const navigate = useNavigate();
  const trip = useStartTrip((id) => void navigate(`/trips/${id}`));
  // Several photos or a folder make a trip (R-TRIP-2): it is sent from here, and its page shows it fill in.
  const startTrip = async (files: File[], drop: DataTransfer | null) => {
    const { files: photos, folder } = drop
      ? await droppedPhotos(drop)
      : { files: photosOf(files), folder: folderNameOf(files) };
    if (photos.length === 0) return trip.showError('None of those files is a photo.');
    await trip.start(photos, folder);
  };
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
      <AnalysisScreen onMany={(files, drop) => void startTrip(files, drop)} manyError={trip.error} />
      <div className="mt-10">
        <ConsoleAccessPanel />
      </div>
    </Page>
  );
}
