// 'Reintentar' on the offline page (offline.html): asks for the page again.
document.getElementById('reintentar')?.addEventListener('click', () => window.location.reload());
