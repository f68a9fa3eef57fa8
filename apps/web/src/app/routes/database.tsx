import { DatabaseView } from '../../features/insights';

export function Component() {
  return <DatabaseView />;
}
