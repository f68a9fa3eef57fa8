// Kept in its own file: the content security policy forbids inline scripts.
(function () {
  'use strict';

  function clearStorage() {
    try {
      window.localStorage.clear();
    } catch {
      /* storage may be disabled */
    }
    try {
      window.sessionStorage.clear();
    } catch {
      /* storage may be disabled */
    }
  }

  function endServerSession() {
    // The session may already be gone; returning home matters more than the answer.
    return fetch('/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    }).catch(function () {
      return null;
    });
  }

  function run() {
    var message = document.getElementById('message');
    var actions = document.getElementById('actions');
    if (message) message.textContent = 'Clearing sign-in data…';
    if (actions) actions.hidden = true;
    clearStorage();
    endServerSession().then(function () {
      window.location.replace('/');
    });
  }

  var button = document.getElementById('clear');
  if (button) button.addEventListener('click', run);
  if (new URLSearchParams(window.location.search).has('auto')) run();
})();
