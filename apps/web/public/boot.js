/* global document */
/*
 * Written into every page the server renders (apps/server/src/plugins/web-build.ts, allowed by its
 * hash in the CSP), before the app's code. The page's forms are there before the app is: a form
 * sent before the app has hydrated it would be sent natively, as a GET with what was typed (a
 * password) in the address. It is held instead and marked, and the app sends it through its own
 * handler once hydrated (components/errors/route-boundary.tsx sets `data-hydrated`; decision 045).
 */
(function () {
  'use strict';
  document.addEventListener(
    'submit',
    function (event) {
      if (document.documentElement.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      if (event.target && event.target.setAttribute) {
        event.target.setAttribute('data-submit-pending', '');
      }
    },
    true,
  );
})();
