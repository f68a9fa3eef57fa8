export { AdminScreen } from './components/admin-screen';
