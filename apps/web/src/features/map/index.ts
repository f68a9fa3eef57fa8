export { MapScreen } from './components/map-screen';
export { TestMapScreen } from './components/test-map-screen';
