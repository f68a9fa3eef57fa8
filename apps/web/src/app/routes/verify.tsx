import { VerifyScreen } from '../../features/analysis';

export function Component() {
  return <VerifyScreen />;
}
