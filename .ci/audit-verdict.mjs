// Reads `npm audit --json` on stdin: exit 1 on a high or critical advisory in the production
// dependencies; when the registry did not answer the audit (a mirror that refuses it), say so
// plainly and exit 0, since nothing is known either way.
let text = '';
for await (const chunk of process.stdin) text += chunk;
let report;
try {
  report = JSON.parse(text);
} catch {
  console.log('[ci] npm audit gave no report; dependency advisories are unknown');
  process.exit(0);
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  console.log(`[ci] npm audit could not run (${report.message ?? report.error?.summary ?? 'no answer'}); dependency advisories are unknown`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`[ci] npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') console.log(`[ci]   ${entry.severity}: ${name} ${entry.range ?? ''}`);
  }
  process.exit(1);
}
