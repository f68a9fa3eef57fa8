import { AnalysisHistoryView } from '../../features/dashboard';

export function Component() {
  return <AnalysisHistoryView />;
}
