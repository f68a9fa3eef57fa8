export { AdminScreen } from './components/admin-screen';
export { AdminTabs } from './components/admin-tabs';
export { ReferenceScreen } from './components/reference-screen';
