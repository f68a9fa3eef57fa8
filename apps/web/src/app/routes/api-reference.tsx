import { ApiReferenceView } from '../../features/insights';

export function Component() {
  return <ApiReferenceView />;
}
