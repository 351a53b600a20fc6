/* global window, document */
/*
 * Runs before the app's code (index.html loads it first, classic and tiny). If a script, a
 * preloaded chunk or the style sheet of the app cannot be downloaded (server unreachable), the
 * light shell of index.html turns into 'No se pudo conectar' with 'Reintentar' (issue 7). Once the
 * app renders, the shell is gone and the app's own route boundary handles later failures.
 */
(function () {
  'use strict';
  var name = document.querySelector('meta[name="application-name"]');
  function showFailure() {
    var shell = document.getElementById('app-shell');
    if (!shell || shell.getAttribute('data-state') === 'failed') return;
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
  document.addEventListener('DOMContentLoaded', function () {
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
