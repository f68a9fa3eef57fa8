export { TripsScreen } from './components/trips-screen';
export { TripScreen, type TripMapProps } from './components/trip-screen';
export { TripPanel } from './components/trip-panel';
export { TripDropZone } from './components/trip-drop-zone';
export { tripUploads, useTripUpload, type UploadSession } from './uploader';
export { useStartTrip } from './use-start-trip';
export { useTripStream, type TripStreamState } from './use-trip-stream';
export { droppedPhotos, folderNameOf, isPhotoFile, photosOf } from './files';
export { tripRows, describePhoto, type TripRow } from './model';
