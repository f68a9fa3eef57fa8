import { TestMapScreen } from '../../features/map';

/** Public, bare map (spec 2 §2). */
export function Component() {
  return <TestMapScreen />;
}
