/** The settings feature's public surface. */
export { SettingsView } from './components/settings-view';
