export { NavBar } from './components/nav-bar';
export { isNavHidden } from './nav-links';
