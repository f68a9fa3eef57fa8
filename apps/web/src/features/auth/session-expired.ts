import { createStore } from '../../lib/store';

/** True once an API call answered 401 session_expired; the Session Expired screen covers the app. */
export const sessionExpiredStore = createStore(false);
