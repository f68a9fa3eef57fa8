import { TestMapScreen } from '../../features/map';

/** Public, bare map (R-SITE-1). */
export function Component() {
  return <TestMapScreen />;
}
