/**
 * The status page's only script, served from the page's own origin; it merely enhances: the page
 * works without it. One day's details open at a time, and Escape closes it and returns focus to
 * its bar. Kept as a module so the compiled application carries it without a copy step.
 */
export const STATUS_PAGE_SCRIPT = `'use strict';
document.addEventListener('toggle', function (event) {
  var opened = event.target;
  if (!(opened instanceof HTMLDetailsElement) || !opened.classList.contains('day') || !opened.open) return;
  document.querySelectorAll('details.day[open]').forEach(function (other) {
    if (other !== opened) other.open = false;
  });
}, true);
document.addEventListener('keydown', function (event) {
  if (event.key !== 'Escape') return;
  var open = document.querySelector('details.day[open]');
  if (!open) return;
  open.open = false;
  open.querySelector('summary').focus();
});
`;
