export { MapScreen } from './components/map-screen';
export { TestMapScreen } from './components/test-map-screen';
export { TripMap } from './components/trip-map';
