/* global window, document */
/*
 * Runs before the app's code and before the page is painted: index.html names it first, and the
 * server writes it into each page (apps/server/src/plugins/web-build.ts, allowed by its hash in
 * the CSP), so the first paint waits for no request. If a script, a preloaded chunk or the style sheet of the app cannot be downloaded
 * (server unreachable), the light shell of index.html turns into 'No se pudo conectar' with
 * 'Reintentar' (issue 7). Once the app renders, the shell is gone and the app's own route boundary
 * handles later failures.
 *
 * A page prerendered at build time (#app-page, docs/decisions/034) is what an anonymous visitor
 * sees: a visitor with a session gets the light shell instead, marked on <html> before the first
 * paint (the key is STORAGE_KEYS.token of packages/shared/src/constants.ts).
 */
(function () {
  'use strict';
  var root = document.documentElement;
  var name = document.querySelector('meta[name="application-name"]');
  try {
    if (window.localStorage.getItem('token')) root.setAttribute('data-session', '');
  } catch {
    // No storage (blocked by the browser): no session either.
  }
  // Until the app renders over it, a prerendered form is not sent: natively, it would put what was
  // typed (a password) into the address bar. It is marked instead, and the app sends its own form
  // once it has taken over (src/app/prerender-handoff.ts).
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (form && form.closest && form.closest('#app-page')) {
        event.preventDefault();
        form.setAttribute('data-submit-pending', '');
      }
    },
    true,
  );
  function showFailure() {
    var shell = document.getElementById('app-shell');
    if (!shell || shell.getAttribute('data-state') === 'failed') return;
    root.setAttribute('data-boot', 'failed');
    shell.setAttribute('data-state', 'failed');
    var failure = document.getElementById('app-shell-failure');
    if (failure) failure.hidden = false;
    var heading = document.getElementById('app-shell-failure-title');
    if (heading) heading.focus();
  }
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (!target || !target.tagName) return;
      var tag = target.tagName.toUpperCase();
      if (tag === 'SCRIPT' || (tag === 'LINK' && /preload|stylesheet/.test(target.rel))) {
        showFailure();
      }
    },
    true,
  );
  // A prerendered page lists the app's code in an inert <template id="app-code">
  // (apps/server/src/plugins/web-build.ts): it is put into the document once the page has been
  // painted, so the visitor's connection and processor serve the page first. The entry is then
  // run as a module script.
  function startApp(code) {
    var entry = code.content.querySelector('link[data-app-entry]');
    document.head.appendChild(code.content);
    if (!entry) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.href;
    document.head.appendChild(script);
  }
  // Calls `callback` once, after the first contentful paint (Paint Timing), or after the first
  // frame where that is not reported; at once in a hidden tab, which paints no frames.
  function afterFirstPaint(callback) {
    var done = false;
    function run() {
      if (done) return;
      done = true;
      callback();
    }
    if (document.visibilityState === 'hidden') return run();
    var types = window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes;
    if (types && types.indexOf('paint') !== -1) {
      var observer = new window.PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          run();
        }
      });
      observer.observe({ type: 'paint', buffered: true });
    }
    // Also after the first frame and a short wait: a page may paint nothing contentful.
    window.requestAnimationFrame(function () {
      window.setTimeout(run, 500);
    });
    document.addEventListener('visibilitychange', run);
  }
  document.addEventListener('DOMContentLoaded', function () {
    var code = document.getElementById('app-code');
    if (code && code.content) {
      afterFirstPaint(function () {
        startApp(code);
      });
    }
    var brand = document.getElementById('app-shell-name');
    if (brand && name && name.content) brand.textContent = name.content;
    var retry = document.getElementById('app-shell-retry');
    if (retry) {
      retry.addEventListener('click', function () {
        window.location.reload();
      });
    }
  });
})();
