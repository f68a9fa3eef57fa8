import { DevToolsView } from '../../features/insights';

export function Component() {
  return <DevToolsView />;
}
