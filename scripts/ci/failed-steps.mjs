// Names the failed steps of a GitHub Actions job, for its last step (`if: failure()`).
// Input: the job's steps context as JSON in the environment variable STEPS (`${{ toJSON(steps) }}`):
// { "<step id>": { "outcome": "success" | "failure" | "cancelled" | "skipped", ... }, ... }.
// Output: one `::error` annotation per failed step (GitHub shows it on the run's summary), the same
// lines appended to $GITHUB_STEP_SUMMARY when set; exit code 1 when a step failed, 0 when none did,
// 2 when STEPS is missing or not such JSON. Run with Node.js 18+: node scripts/ci/failed-steps.mjs
import { appendFileSync } from 'node:fs';

let steps;
try {
  steps = JSON.parse(process.env.STEPS ?? '');
} catch (e) {
  console.error(`failed-steps: STEPS is not the job's steps context as JSON (${e.message})`);
  process.exit(2);
}
if (steps === null || typeof steps !== 'object' || Array.isArray(steps)) {
  console.error('failed-steps: STEPS must be a JSON object of step id to {outcome}');
  process.exit(2);
}
const failed = Object.entries(steps).filter(([, s]) => s && s.outcome === 'failure').map(([id]) => id);
const lines = failed.length === 0
  ? ['no step with an id failed']
  : failed.map((id) => `failed step: ${id}`);
for (const id of failed) console.log(`::error title=step ${id} failed::the step with id '${id}' failed; its log names the cause`);
console.log(lines.join('\n'));
if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `## Failed steps\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`);
process.exit(failed.length === 0 ? 0 : 1);
