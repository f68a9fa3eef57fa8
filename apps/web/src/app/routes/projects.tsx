import { ProjectsView } from '../../features/insights';

export function Component() {
  return <ProjectsView />;
}
