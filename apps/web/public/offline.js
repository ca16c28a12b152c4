// The offline page's Retry: load the address again; and so does coming back online.
// External on purpose: the Content-Security-Policy allows no inline script.
function retry() {
  window.location.reload();
}
document.getElementById("retry").addEventListener("click", retry);
window.addEventListener("online", retry);
