export { AnalysisScreen } from './components/analysis-screen';
export { IDLE_RUN, useAnalysisRun, type AnalysisRun, type Phase } from './use-analysis-run';
export { fetchLocationIndex, useLocationIndex, LOCATION_INDEX_KEY } from './api';
export { StageList } from './components/stage-list';
export { type Stage, type RunState } from './stages';
export {
  ACCEPT_PHOTOS,
  OUTCOME_LABEL,
  confidenceTone,
  formatConfidence,
  formatLatLng,
  formatRadius,
  openStreetMapUrl,
  outcomeText,
  type UserError,
} from './format';
export { TextEvidencePhoto } from './components/text-evidence-photo';
export { textOverlay, type TextOverlay } from './text-evidence';
export { StandingBadge, placeLine } from './components/standing-badge';
export { VerifyScreen } from './components/verify-screen';
export { ReportDownload, hasReport, reportPath } from './components/report-download';
export { type OnManyFiles } from './components/drop-zone';
