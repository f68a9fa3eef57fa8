export { AdminScreen } from './components/admin-screen';
export { AdminPage } from './components/admin-page';
export { ReferenceScreen } from './components/reference-screen';
