/**
 * The status page's stylesheet, served from the page's own origin (the CSP allows no inline
 * style). It lives in a module so the compiled application carries it without a copy step.
 * Colours meet WCAG 2.1 AA: text 4.5:1, bars and focus rings 3:1, in light and dark schemes.
 */
export const STATUS_PAGE_CSS = `:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1a1a1a; --muted: #4d4d4d; --panel: #f4f5f7; --line: #c9ccd1; --link: #0b57d0; --focus: #0b57d0;
  --up: #1e7b3c; --minor: #9a4f00; --down: #b71c1c; --maint: #1a56a0; --none: #767676;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121417; --fg: #e8eaed; --muted: #b4b8be; --panel: #1d2025; --line: #454a52; --link: #8ab4f8; --focus: #8ab4f8;
    --up: #5fd08a; --minor: #f0b357; --down: #ff8a80; --maint: #8ab4f8; --none: #8f959c;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
a { color: var(--link); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.wrap { max-width: 64rem; margin: 0 auto; padding: 0 1rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.skip-link { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem 1rem; z-index: 10; }
.skip-link:focus { left: 0; }
.site-header { border-bottom: 1px solid var(--line); }
.site-header .wrap { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1rem; padding-top: .75rem; padding-bottom: .75rem; }
.site-title { display: flex; align-items: center; gap: .5rem; margin: 0; font-weight: 600; }
.logo { width: 40px; height: 40px; object-fit: contain; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0; padding: 0; list-style: none; }
h1 { font-size: 1.75rem; margin: 1.5rem 0 .5rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 .75rem; }
h3 { font-size: 1.1rem; margin: 0; }
h4 { font-size: 1rem; margin: 0; }
.description, .availability, .host, .certificate, .affected, .bars-axis { color: var(--muted); }
.overall { border: 1px solid var(--line); border-left: 6px solid var(--none); border-radius: 6px; padding: .25rem 1rem; background: var(--panel); }
.overall h2 { margin: .5rem 0 0; }
.overall-operational { border-left-color: var(--up); }
.overall-degraded, .overall-partial_outage { border-left-color: var(--minor); }
.overall-major_outage { border-left-color: var(--down); }
.overall-maintenance { border-left-color: var(--maint); }
.components-layout { display: grid; gap: 1rem 2rem; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 56rem) { .components-layout { grid-template-columns: minmax(0, 1fr) 16rem; } }
.group > h3 { margin: 1rem 0 .5rem; }
.component { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin-bottom: .75rem; }
.component-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .25rem 1rem; align-items: baseline; }
.component p { margin: .25rem 0; }
.state { font-weight: 600; }
.state-operational { color: var(--up); }
.state-degraded { color: var(--minor); }
.state-down { color: var(--down); }
.state-maintenance { color: var(--maint); }
.state-unknown, .state-paused { color: var(--muted); }
.bars { position: relative; display: flex; gap: 1px; margin: .5rem 0 0; padding: 0; list-style: none; }
.bars > li { flex: 1 1 0; min-width: 0; }
.day > summary { display: block; height: 2rem; list-style: none; cursor: pointer; border-radius: 1px; background: var(--none); }
.day > summary::-webkit-details-marker { display: none; }
.day > summary:hover { outline: 1px solid var(--fg); outline-offset: 1px; }
.bar-up > summary { background: var(--up); }
.bar-minor > summary { background: var(--minor); }
.bar-down > summary { background: var(--down); }
.bar-maintenance > summary { background: var(--maint); }
.day[open] > summary { outline: 2px solid var(--fg); outline-offset: 1px; }
/* A bar's text is for screen readers until the bar is opened; then it (or, for a day with incidents, its body) is the bar's box. */
.day > summary > span { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.day[open]:not(.with-incidents) > summary > span, .day-tip { left: 0; right: 0; top: calc(100% + .25rem); z-index: 5; width: auto; height: auto; margin: 0; overflow: visible; clip: auto; white-space: normal; padding: .5rem .75rem; background: var(--panel); color: var(--fg); border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 2px 8px rgba(0, 0, 0, .25); cursor: auto; }
.day-tip { position: absolute; }
.day-tip ul { margin: .25rem 0 0; padding-left: 1.25rem; }
.bars-axis { display: flex; justify-content: space-between; font-size: .875rem; }
.policy { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; align-self: start; background: var(--panel); }
.policy ul { padding-left: 1.25rem; margin: .5rem 0; }
.policy p { margin: 0; color: var(--muted); }
.incident, .maintenance { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin-bottom: .75rem; }
.incident p, .maintenance p { margin: .25rem 0; }
.updates { list-style: none; padding: 0; margin: .5rem 0 0; border-left: 2px solid var(--line); }
.updates > li { padding-left: .75rem; margin-bottom: .5rem; }
.update-body { white-space: pre-wrap; }
.incident-state, .maintenance-state { font-weight: 600; }
.incident-investigating { color: var(--down); }
.incident-identified { color: var(--minor); }
.incident-monitoring { color: var(--maint); }
.incident-resolved { color: var(--up); }
.site-footer { border-top: 1px solid var(--line); margin-top: 2rem; color: var(--muted); font-size: .875rem; }
`;
