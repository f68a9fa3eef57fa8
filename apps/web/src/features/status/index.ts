export { StatusPanel } from './components/status-panel';
