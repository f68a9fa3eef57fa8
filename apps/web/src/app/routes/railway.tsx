import { DeploymentView } from '../../features/insights';

export function Component() {
  return <DeploymentView />;
}
