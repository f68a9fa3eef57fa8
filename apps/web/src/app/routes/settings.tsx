import { SettingsView } from '../../features/settings';

export function Component() {
  return <SettingsView />;
}
